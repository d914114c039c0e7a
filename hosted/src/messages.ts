import type { TFunction } from 'i18next';
import { ApiCallError } from '@shared/api/client';

export interface Limits {
  lockoutSeconds: number;
  sendMinIntervalSeconds: number;
}

/** A wait in the page's language: seconds up to a minute and a half, then whole minutes. */
export const waitFor = (t: TFunction, seconds: number) =>
  seconds < 90
    ? t('common:duration.seconds', { count: Math.max(seconds, 1) })
    : t('common:duration.minutes', { count: Math.ceil(seconds / 60) });

// The service's codes an end user may meet, each with its sentence in the `common` catalog.
const sentences: Record<string, string> = {
  'session.invalid_credentials': 'invalidCredentials',
  'verification_code.code_mismatch': 'codeMismatch',
  'verification_code.expired': 'codeExpired',
  'user.user_not_exist': 'userNotExist',
  'user.suspended': 'suspended',
  'user.username_already_in_use': 'usernameInUse',
  'user.email_already_in_use': 'emailInUse',
  'user.phone_already_in_use': 'phoneInUse',
  'user.sign_in_method_not_enabled': 'methodNotEnabled',
  'user.sign_up_method_not_enabled': 'methodNotEnabled',
  'session.mfa.invalid_totp_code': 'invalidTotp',
  'session.mfa.invalid_backup_code': 'invalidBackupCode',
  'session.mfa.webauthn_verification_failed': 'passkeyFailed',
  'password.rejected': 'passwordRejected',
  'session.not_found': 'sessionExpired',
  'session.interaction_not_found': 'sessionExpired',
  'connector.authorization_failed': 'providerRefused',
  'connector.social_id_token_invalid': 'providerUntrusted',
  'connector.general_error': 'providerUnreachable',
  'session.verification_session_not_found': 'stepExpired',
  'session.sso_enabled': 'ssoEnabled',
  'user.identity_already_in_use': 'identityInUse',
  'guard.invalid_input': 'invalidInput',
};

/**
 * What an end user reads for an error, in the page's language: words and a wait time, never a
 * raw code. A code without a sentence here keeps the service's own (English) message.
 */
export function humanMessage(error: unknown, t: TFunction, limits?: Limits): string {
  if (!(error instanceof ApiCallError)) return t('common:error.network');
  const code = error.code ?? '';
  if (code === 'session.verification_blocked_too_many_attempts')
    return t('common:error.lockedOut', { wait: waitFor(t, limits?.lockoutSeconds ?? 600) });
  if (code === 'request.message_rate_limited') {
    const retry = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    return t('common:error.rateLimited', {
      wait: waitFor(t, retry ?? limits?.sendMinIntervalSeconds ?? 60),
    });
  }
  const sentence = sentences[code];
  if (sentence) return t(`common:error.${sentence}`);
  return error.message || t('common:error.unknown');
}
