import { sql, type Kysely } from 'kysely';

/**
 * Registration, password reset and code sign-in: the profile an interaction collects, one-time
 * codes (hashed, with attempts), the development connector's message log, per-recipient send
 * counters, identifier lockouts, the sign-in experience settings and JIT provisioning rules.
 * Counters live here rather than in memory so every instance sees the same ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE experience_interactions ADD COLUMN profile jsonb NOT NULL DEFAULT '{}';

    -- One row per code sent. Exactly one owner: an interaction (Experience API), a user (Account
    -- API) or neither (management send). The code itself is never stored, only its HMAC.
    CREATE TABLE verification_codes (
      id text PRIMARY KEY,
      purpose text NOT NULL,
      interaction_uid text REFERENCES experience_interactions (interaction_uid) ON DELETE CASCADE,
      user_id text REFERENCES users (id) ON DELETE CASCADE,
      identifier_type text NOT NULL,
      identifier_value text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      verified_at timestamptz,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_codes_expires_at ON verification_codes (expires_at);
    CREATE INDEX verification_codes_identifier ON verification_codes (identifier_type, identifier_value);

    CREATE TABLE recorded_messages (
      id text PRIMARY KEY,
      channel text NOT NULL,
      recipient text NOT NULL,
      purpose text NOT NULL,
      subject text NOT NULL,
      content text NOT NULL,
      code text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recorded_messages_recipient ON recorded_messages (recipient, created_at DESC);

    -- The send times of the last window, so the limit slides instead of resetting on the hour.
    CREATE TABLE message_send_limits (
      recipient text PRIMARY KEY,
      sent_at timestamptz[] NOT NULL
    );

    CREATE TABLE identifier_lockouts (
      identifier_type text NOT NULL,
      identifier_value text NOT NULL,
      failures integer NOT NULL,
      window_started_at timestamptz NOT NULL,
      locked_until timestamptz,
      PRIMARY KEY (identifier_type, identifier_value)
    );

    CREATE TABLE sign_in_experience (
      id text PRIMARY KEY,
      settings jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE organization_jit_email_domains (
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      email_domain text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, email_domain)
    );
    CREATE INDEX organization_jit_email_domains_domain ON organization_jit_email_domains (email_domain);

    CREATE TABLE organization_jit_roles (
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      organization_role_id text NOT NULL REFERENCES organization_roles (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, organization_role_id)
    );
  `.execute(db);
}
