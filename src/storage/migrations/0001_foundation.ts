import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE applications (
      id text PRIMARY KEY,
      name text NOT NULL,
      description text,
      type text NOT NULL,
      secret text NOT NULL,
      is_third_party boolean NOT NULL DEFAULT false,
      oidc_client_metadata jsonb NOT NULL DEFAULT '{}',
      custom_client_metadata jsonb NOT NULL DEFAULT '{}',
      custom_data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE resources (
      id text PRIMARY KEY,
      name text NOT NULL,
      indicator text NOT NULL UNIQUE,
      access_token_ttl integer NOT NULL DEFAULT 3600,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE scopes (
      id text PRIMARY KEY,
      resource_id text NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (resource_id, name)
    );

    CREATE TABLE users (
      id text PRIMARY KEY,
      username text,
      primary_email text,
      primary_phone text,
      name text,
      avatar text,
      password_hash text,
      profile jsonb NOT NULL DEFAULT '{}',
      custom_data jsonb NOT NULL DEFAULT '{}',
      identities jsonb NOT NULL DEFAULT '{}',
      application_id text,
      is_suspended boolean NOT NULL DEFAULT false,
      last_sign_in_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_username ON users (lower(username));
    CREATE UNIQUE INDEX users_primary_email ON users (lower(primary_email));
    CREATE UNIQUE INDEX users_primary_phone ON users (primary_phone);
    CREATE INDEX users_created_at ON users (created_at, id);

    CREATE TABLE roles (
      id text PRIMARY KEY,
      name text NOT NULL UNIQUE,
      description text NOT NULL,
      type text NOT NULL DEFAULT 'User',
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE roles_scopes (
      role_id text NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      scope_id text NOT NULL REFERENCES scopes (id) ON DELETE CASCADE,
      PRIMARY KEY (role_id, scope_id)
    );
    CREATE INDEX roles_scopes_scope_id ON roles_scopes (scope_id);

    CREATE TABLE users_roles (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role_id text NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, role_id)
    );
    CREATE INDEX users_roles_role_id ON users_roles (role_id);

    CREATE TABLE applications_roles (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      role_id text NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      PRIMARY KEY (application_id, role_id)
    );
    CREATE INDEX applications_roles_role_id ON applications_roles (role_id);

    CREATE TABLE oidc_model_instances (
      model_name text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model_name, id)
    );
    CREATE INDEX oidc_model_instances_grant_id ON oidc_model_instances (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX oidc_model_instances_uid ON oidc_model_instances (uid) WHERE uid IS NOT NULL;
    CREATE INDEX oidc_model_instances_user_code ON oidc_model_instances (user_code) WHERE user_code IS NOT NULL;
    CREATE INDEX oidc_model_instances_expires_at ON oidc_model_instances (expires_at);
    CREATE INDEX oidc_model_instances_account_id ON oidc_model_instances ((payload ->> 'accountId'));
    CREATE INDEX oidc_model_instances_client_id ON oidc_model_instances ((payload ->> 'clientId'));

    CREATE TABLE signing_keys (
      id text PRIMARY KEY,
      alg text NOT NULL,
      private_jwk jsonb NOT NULL,
      public_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE system_secrets (
      name text PRIMARY KEY,
      value text NOT NULL
    );

    CREATE TABLE logs (
      id text PRIMARY KEY,
      key text NOT NULL,
      user_id text,
      application_id text,
      payload jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX logs_created_at ON logs (created_at DESC, id);
    CREATE INDEX logs_key ON logs (key, created_at DESC);
    CREATE INDEX logs_user_id ON logs (user_id, created_at DESC) WHERE user_id IS NOT NULL;
    CREATE INDEX logs_application_id ON logs (application_id, created_at DESC) WHERE application_id IS NOT NULL;
  `.execute(db);
}
