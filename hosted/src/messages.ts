import { ApiCallError } from '@shared/api/client';

export interface Limits {
  lockoutSeconds: number;
  sendMinIntervalSeconds: number;
}

const minutes = (seconds: number) =>
  seconds < 90 ? `${Math.max(seconds, 1)} seconds` : `${Math.ceil(seconds / 60)} minutes`;

/** What an end user reads for an error: words and a wait time, never a raw code. */
export function humanMessage(error: unknown, limits?: Limits): string {
  if (!(error instanceof ApiCallError)) return 'Something went wrong. Check your connection and try again.';
  switch (error.code) {
    case 'session.invalid_credentials':
      return 'The account or the password is incorrect.';
    case 'session.verification_blocked_too_many_attempts':
      return `Too many failed attempts. For your security, try again in ${minutes(limits?.lockoutSeconds ?? 600)}.`;
    case 'request.message_rate_limited': {
      const wait = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      return `Too many codes were sent to this address recently. You can ask for another one in ${minutes(
        wait ?? limits?.sendMinIntervalSeconds ?? 60,
      )}.`;
    }
    case 'verification_code.code_mismatch':
      return 'That code is not right. Check it and try again.';
    case 'verification_code.expired':
      return 'That code has expired. Ask for a new one.';
    case 'user.user_not_exist':
      return 'No account uses this address. You can create one instead.';
    case 'user.suspended':
      return 'This account is suspended. Contact the application’s support.';
    case 'user.username_already_in_use':
    case 'user.email_already_in_use':
    case 'user.phone_already_in_use':
      return `${error.message} Sign in instead, or use another one.`;
    case 'user.sign_in_method_not_enabled':
    case 'user.sign_up_method_not_enabled':
      return 'This way of signing in is not available here.';
    case 'session.mfa.invalid_totp_code':
      return 'That authenticator code is not right. Use the code your app shows now.';
    case 'session.mfa.invalid_backup_code':
      return 'That backup code is not right, or it was used already.';
    case 'session.mfa.webauthn_verification_failed':
      return 'The passkey could not be verified. Try again.';
    case 'password.rejected':
      return 'This password does not meet the requirements below.';
    case 'session.not_found':
    case 'session.interaction_not_found':
      return 'This sign-in has expired. Go back to the application and start again.';
    case 'connector.authorization_failed':
      return 'The identity provider did not confirm the sign-in. Try again.';
    case 'connector.social_id_token_invalid':
      return 'The identity provider’s answer could not be trusted, so you were not signed in.';
    case 'connector.general_error':
      return 'The identity provider could not be reached. Try again later.';
    case 'session.verification_session_not_found':
      return 'This sign-in step has expired or was already used. Start again.';
    case 'session.sso_enabled':
      return 'This address signs in through your organization: use “Continue with single sign-on”.';
    case 'user.identity_already_in_use':
      return 'This account of the identity provider is already linked to another account here.';
    case 'guard.invalid_input':
      return 'Check what you entered: something is not in the expected form.';
    default:
      return error.message || 'Something went wrong. Try again.';
  }
}
