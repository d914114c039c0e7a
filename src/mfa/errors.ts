import { apiError } from '../http/error-registry.js';
import type { MfaFactor } from '../storage/tables/mfa.js';

// Logto's codes, so a custom sign-in page written against its Experience API keeps working.

export const requireMfaVerification = (availableFactors: MfaFactor[]) =>
  apiError('session.mfa.require_mfa_verification', { availableFactors });

export const missingMfa = (availableFactors: MfaFactor[], skippable: boolean) =>
  apiError('user.missing_mfa', { availableFactors, skippable });

export const factorNotEnabled = () => apiError('session.mfa.mfa_factor_not_enabled');

export const invalidTotpCode = () => apiError('session.mfa.invalid_totp_code');

export const invalidBackupCode = () => apiError('session.mfa.invalid_backup_code');

export const webAuthnFailed = () => apiError('session.mfa.webauthn_verification_failed');

export const totpAlreadyInUse = () => apiError('user.totp_already_in_use');

export const backupCodeAlone = () => apiError('session.mfa.backup_code_can_not_be_alone');

export const mfaSkipNotAllowed = () => apiError('session.mfa.mfa_policy_not_user_controlled');

export const mfaVerificationNotFound = () => apiError('verification_record.not_found#mfa');
