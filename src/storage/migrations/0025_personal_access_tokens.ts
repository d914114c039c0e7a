import { sql, type Kysely } from 'kysely';

/**
 * Personal access tokens (Logto's): named per user, exchanged at the token endpoint for the
 * user's access token. The digest finds a token when it is exchanged; the value is kept sealed
 * under the installation's key so the management API can show it again, as Logto does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE personal_access_tokens (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      digest text NOT NULL,
      sealed_value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      PRIMARY KEY (user_id, name)
    );
    CREATE UNIQUE INDEX personal_access_tokens_digest ON personal_access_tokens (digest);
  `.execute(db);
}
