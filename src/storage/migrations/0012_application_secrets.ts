import { sql, type Kysely } from 'kysely';

/**
 * Named client secrets for rotation without downtime: several valid at once, each optionally
 * expiring. Only a SHA-256 digest is kept (the secrets are 256 random bits, so a fast digest is
 * as good as a slow hash); the value is shown once, at creation. The legacy `secret` may be removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications ALTER COLUMN secret DROP NOT NULL;
    CREATE TABLE application_secrets (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      name text NOT NULL,
      digest text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      PRIMARY KEY (application_id, name)
    );
  `.execute(db);
}
