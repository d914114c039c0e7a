import { sql, type Kysely } from 'kysely';

/**
 * Account API identity verifications: proof, a few minutes old at most, that the caller of a
 * user's access token knows the user's password. Sensitive Account API changes require one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE identity_verifications (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      method text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_verifications_expires_at ON identity_verifications (expires_at);
  `.execute(db);
}
