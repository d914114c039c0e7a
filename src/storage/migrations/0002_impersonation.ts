import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subject_tokens (
      id text PRIMARY KEY,
      -- SHA-256 (hex) of the token: the token itself is never stored.
      token_hash text NOT NULL UNIQUE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      context jsonb NOT NULL DEFAULT '{}',
      application_id text REFERENCES applications (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    );
    CREATE INDEX subject_tokens_user_id ON subject_tokens (user_id);
    CREATE INDEX subject_tokens_application_id ON subject_tokens (application_id);
    CREATE INDEX subject_tokens_expires_at ON subject_tokens (expires_at);

    CREATE TABLE jwt_customizers (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
