import { sql, type Kysely } from 'kysely';

/**
 * Failures are counted per factor (password, code, TOTP, backup code, WebAuthn), so that a success
 * of one factor no longer wipes the failures of another: a right password used to reset the count
 * of wrong TOTP codes, and whoever had the password could guess the second factor without end.
 * Counts taken before this keep counting as password failures; a lock in force holds either way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE identifier_lockouts ADD COLUMN factor text NOT NULL DEFAULT 'Password';
    ALTER TABLE identifier_lockouts ALTER COLUMN factor DROP DEFAULT;
    ALTER TABLE identifier_lockouts DROP CONSTRAINT identifier_lockouts_pkey;
    ALTER TABLE identifier_lockouts ADD PRIMARY KEY (identifier_type, identifier_value, factor);
  `.execute(db);
}
