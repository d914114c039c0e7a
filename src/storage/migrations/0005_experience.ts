import { sql, type Kysely } from 'kysely';

/**
 * The Experience API's state, keyed by the oidc-provider interaction uid so any instance can
 * serve the next call. A verification is one proof (a password now; codes, social and new
 * password identities later), each with its own type and type-specific payload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE experience_interactions (
      interaction_uid text PRIMARY KEY,
      interaction_event text NOT NULL,
      application_id text NOT NULL,
      user_id text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX experience_interactions_expires_at ON experience_interactions (expires_at);

    CREATE TABLE experience_verifications (
      id text PRIMARY KEY,
      interaction_uid text NOT NULL
        REFERENCES experience_interactions (interaction_uid) ON DELETE CASCADE,
      type text NOT NULL,
      identifier jsonb,
      user_id text REFERENCES users (id) ON DELETE CASCADE,
      payload jsonb NOT NULL DEFAULT '{}',
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX experience_verifications_interaction_uid ON experience_verifications (interaction_uid);
  `.execute(db);
}
