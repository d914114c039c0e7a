import type { ColumnType, JSONColumnType } from 'kysely';

export type MfaFactor = 'Totp' | 'WebAuthn' | 'BackupCode';

export interface UserMfaVerificationsTable {
  id: string;
  user_id: string;
  type: MfaFactor;
  totp_secret: string | null;
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  /** WebAuthn: the credential id and COSE public key, base64url; the authenticator's counter. */
  credential_id: string | null;
  public_key: string | null;
  sign_count: ColumnType<string | null, number | null | undefined, number | null>;
  transports: string[] | null;
  agent: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: Date | null;
}

export interface UserBackupCodesTable {
  verification_id: string;
  code_hash: string;
  used_at: Date | null;
}

/** A passkey being registered through the Account API (Logto's WebAuthn verification record). */
export interface AccountWebauthnRegistrationsTable {
  id: string;
  user_id: string;
  challenge: string;
  credential: JSONColumnType<
    { id: string; publicKey: string; counter: number; transports: string[] } | null,
    string | null | undefined,
    string | null
  >;
  agent: string | null;
  verified_at: Date | null;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface MfaTables {
  user_mfa_verifications: UserMfaVerificationsTable;
  user_backup_codes: UserBackupCodesTable;
  account_webauthn_registrations: AccountWebauthnRegistrationsTable;
}
