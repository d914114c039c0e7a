import { sql, type Kysely } from 'kysely';

/**
 * Multi-factor authentication: the factors a user has bound (a TOTP secret, WebAuthn
 * credentials, one set of backup codes) and the backup codes themselves, hashed, each usable once.
 * At most one TOTP secret and one backup-code set per user; a credential id is bound once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_mfa_verifications (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('Totp', 'WebAuthn', 'BackupCode')),
      totp_secret text,
      -- The RFC 6238 time step of the last accepted code: a code is never accepted twice.
      totp_last_step bigint,
      credential_id text,
      public_key text,
      sign_count bigint,
      transports text[],
      agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX user_mfa_verifications_user ON user_mfa_verifications (user_id);
    CREATE UNIQUE INDEX user_mfa_verifications_one_totp
      ON user_mfa_verifications (user_id) WHERE type = 'Totp';
    CREATE UNIQUE INDEX user_mfa_verifications_one_backup_set
      ON user_mfa_verifications (user_id) WHERE type = 'BackupCode';
    CREATE UNIQUE INDEX user_mfa_verifications_credential
      ON user_mfa_verifications (credential_id) WHERE type = 'WebAuthn';

    CREATE TABLE user_backup_codes (
      verification_id text NOT NULL REFERENCES user_mfa_verifications (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (verification_id, code_hash)
    );
  `.execute(db);
}
