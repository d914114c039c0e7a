import { sql, type Kysely } from 'kysely';

/**
 * One-time tokens (Logto's magic links): issued to an e-mail address by the management API, good
 * once before they expire. The digest finds a token; the value is sealed under the installation's
 * key so the management API can answer it as Logto does. `status` records a consumption or a
 * revocation; an active token past `expires_at` reads as expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE one_time_tokens (
      id text PRIMARY KEY,
      email text NOT NULL,
      digest text NOT NULL,
      sealed_value text NOT NULL,
      context jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'Active',
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX one_time_tokens_digest ON one_time_tokens (digest);
    CREATE INDEX one_time_tokens_email ON one_time_tokens (email, created_at);
  `.execute(db);
}
