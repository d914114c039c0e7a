import { ApiError } from '../http/errors.js';
import type { MfaFactor } from '../storage/tables/mfa.js';

// Logto's codes, so a custom sign-in page written against its Experience API keeps working.

export const requireMfaVerification = (availableFactors: MfaFactor[]) =>
  new ApiError(403, 'session.mfa.require_mfa_verification', 'Verify a second factor to sign in.', {
    availableFactors,
  });

export const missingMfa = (availableFactors: MfaFactor[], skippable: boolean) =>
  new ApiError(422, 'user.missing_mfa', 'Bind a second factor to the account first.', {
    availableFactors,
    skippable,
  });

export const factorNotEnabled = () =>
  new ApiError(400, 'session.mfa.mfa_factor_not_enabled', 'This factor is not enabled or not bound.');

export const invalidTotpCode = () =>
  new ApiError(400, 'session.mfa.invalid_totp_code', 'The authenticator code is not valid.');

export const invalidBackupCode = () =>
  new ApiError(400, 'session.mfa.invalid_backup_code', 'The backup code is not valid or was used.');

export const webAuthnFailed = () =>
  new ApiError(400, 'session.mfa.webauthn_verification_failed', 'The passkey could not be verified.');

export const totpAlreadyInUse = () =>
  new ApiError(422, 'user.totp_already_in_use', 'This account already has an authenticator app.');

export const backupCodeAlone = () =>
  new ApiError(
    422,
    'session.mfa.backup_code_can_not_be_alone',
    'Backup codes only back up another factor; bind an authenticator app or a passkey first.',
  );

export const mfaSkipNotAllowed = () =>
  new ApiError(422, 'session.mfa.mfa_policy_not_user_controlled', 'A second factor is required.');

export const mfaVerificationNotFound = () =>
  new ApiError(404, 'verification_record.not_found', 'No such MFA verification of this account.');
