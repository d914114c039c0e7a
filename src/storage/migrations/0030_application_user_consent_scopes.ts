import { sql, type Kysely } from 'kysely';

/**
 * What a third-party application may ask a user to consent to (Logto's "Permissions"): organization
 * scopes, API resource scopes (for tokens of the API itself, or through organization roles for
 * organization tokens) and the user-data scopes. Deleting a scope or the application withdraws it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_user_consent_organization_scopes (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      organization_scope_id text NOT NULL REFERENCES organization_scopes (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (application_id, organization_scope_id)
    );

    CREATE TABLE application_user_consent_resource_scopes (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      scope_id text NOT NULL REFERENCES scopes (id) ON DELETE CASCADE,
      for_organizations boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (application_id, for_organizations, scope_id)
    );
    CREATE INDEX application_user_consent_resource_scopes_scope
      ON application_user_consent_resource_scopes (scope_id);

    CREATE TABLE application_user_consent_user_scopes (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      user_scope text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (application_id, user_scope)
    );
  `.execute(db);
}
