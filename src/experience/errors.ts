import { ApiError } from '../http/errors.js';

// Codes are Logto's, so custom sign-in pages written against its Experience API keep working.

export const sessionNotFound = () =>
  new ApiError(
    400,
    'session.not_found',
    'No sign-in is in progress in this browser, or it has expired; start again from the application.',
  );

export const experienceNotStarted = () =>
  new ApiError(400, 'session.interaction_not_found', 'Start the experience with PUT /api/experience first.');

export const invalidCredentials = () =>
  new ApiError(422, 'session.invalid_credentials', 'The account or the password is incorrect.');

export const userSuspended = () => new ApiError(401, 'user.suspended', 'This account is suspended.');

export const verificationNotFound = () =>
  new ApiError(
    404,
    'session.verification_session_not_found',
    'No successful verification with this id belongs to the current sign-in.',
  );

export const verificationFailed = () =>
  new ApiError(400, 'session.verification_failed', 'This verification has not succeeded (yet).');

export const notSupportedForForgotPassword = (status = 422) =>
  new ApiError(
    status,
    'session.not_supported_for_forgot_password',
    "A password reset is only verified by a code sent to the account's e-mail address or phone.",
  );

export const identityConflict = () =>
  new ApiError(409, 'session.identity_conflict', 'This sign-in has already identified another user.');

export const identifierNotFound = () =>
  new ApiError(404, 'session.identifier_not_found', 'Identify the user before submitting the sign-in.');

export const verificationBlocked = () =>
  new ApiError(
    400,
    'session.verification_blocked_too_many_attempts',
    'Too many failed attempts for this identifier; try again later.',
  );

export const userNotExist = () =>
  new ApiError(404, 'user.user_not_exist', 'No account uses this identifier.');

export const signInMethodNotEnabled = () =>
  new ApiError(422, 'user.sign_in_method_not_enabled', 'This sign-in method is not enabled.');

export const signUpMethodNotEnabled = () =>
  new ApiError(422, 'user.sign_up_method_not_enabled', 'This sign-up method is not enabled.');

export const missingProfile = (missing: string[]) =>
  new ApiError(422, 'user.missing_profile', `The account still needs: ${missing.join(', ')}.`, {
    missingProfile: missing,
  });

export const profileNotSupported = (type: string, event: string) =>
  new ApiError(422, 'session.profile_not_supported', `A ${type} cannot be set in a ${event} experience.`);

export const samePassword = () =>
  new ApiError(422, 'user.same_password', 'The new password must differ from the current one.');

export const eventSwitchNotSupported = () =>
  new ApiError(
    422,
    'session.interaction_event_switch_not_supported',
    'Only SignIn and Register switch into each other; start ForgotPassword with PUT /api/experience.',
  );

export const identifierMismatch = (type: 'email' | 'phone') =>
  new ApiError(
    400,
    `verification_code.${type}_mismatch`,
    `The ${type === 'email' ? 'e-mail address' : 'phone number'} is not the one the code was sent to.`,
  );
