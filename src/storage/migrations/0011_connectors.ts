import { sql, type Kysely } from 'kysely';

/**
 * Connectors configured at run time: message delivery (e-mail, SMS) and social sign-in share one
 * table, as Logto's API does; enterprise SSO connectors have their own, with the e-mail domains
 * they claim, the identities they proved and the organizations they provision into.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE connectors (
      id text PRIMARY KEY,
      connector_id text NOT NULL,
      type text NOT NULL,
      target text,
      config jsonb NOT NULL DEFAULT '{}',
      metadata jsonb NOT NULL DEFAULT '{}',
      sync_profile boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX connectors_type ON connectors (type, created_at);
    CREATE UNIQUE INDEX connectors_social_target ON connectors (target) WHERE type = 'Social';

    CREATE INDEX users_identities ON users USING gin (identities jsonb_path_ops);

    CREATE TABLE sso_connectors (
      id text PRIMARY KEY,
      provider_name text NOT NULL,
      connector_name text NOT NULL UNIQUE,
      config jsonb NOT NULL DEFAULT '{}',
      domains text[] NOT NULL DEFAULT '{}',
      branding jsonb NOT NULL DEFAULT '{}',
      sync_profile boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sso_connectors_domains ON sso_connectors USING gin (domains);

    CREATE TABLE user_sso_identities (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      sso_connector_id text NOT NULL REFERENCES sso_connectors (id) ON DELETE CASCADE,
      issuer text NOT NULL,
      identity_id text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (issuer, identity_id)
    );
    CREATE INDEX user_sso_identities_user ON user_sso_identities (user_id);

    CREATE TABLE organization_jit_sso_connectors (
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      sso_connector_id text NOT NULL REFERENCES sso_connectors (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, sso_connector_id)
    );
    CREATE INDEX organization_jit_sso_connectors_connector
      ON organization_jit_sso_connectors (sso_connector_id);
  `.execute(db);
}
