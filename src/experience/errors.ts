import { apiError } from '../http/error-registry.js';

// Codes are Logto's, so custom sign-in pages written against its Experience API keep working.

export const sessionNotFound = () => apiError('session.not_found');

export const experienceNotStarted = () => apiError('session.interaction_not_found');

export const invalidCredentials = () => apiError('session.invalid_credentials');

export const userSuspended = () => apiError('user.suspended');

export const verificationNotFound = () => apiError('session.verification_session_not_found');

export const verificationFailed = () => apiError('session.verification_failed');

/** 422 where the reset is identified; 400 where a profile step of it is refused. */
export const notSupportedForForgotPassword = (where: 'identification' | 'profile' = 'identification') =>
  apiError(
    where === 'profile'
      ? 'session.not_supported_for_forgot_password#profile'
      : 'session.not_supported_for_forgot_password',
  );

export const identityConflict = () => apiError('session.identity_conflict');

export const identifierNotFound = () => apiError('session.identifier_not_found');

export const verificationBlocked = () => apiError('session.verification_blocked_too_many_attempts');

export const userNotExist = () => apiError('user.user_not_exist');

export const signInMethodNotEnabled = () => apiError('user.sign_in_method_not_enabled');

export const signUpMethodNotEnabled = () => apiError('user.sign_up_method_not_enabled');

export const missingProfile = (missing: string[]) => apiError('user.missing_profile', { missing });

export const profileNotSupported = (type: string, event: string) =>
  apiError('session.profile_not_supported', { type, event });

export const samePassword = () => apiError('user.same_password');

export const eventSwitchNotSupported = () => apiError('session.interaction_event_switch_not_supported');

export const identifierMismatch = (type: 'email' | 'phone') => apiError(`verification_code.${type}_mismatch`);
