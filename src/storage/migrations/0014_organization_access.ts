import { sql, type Kysely } from 'kysely';

/**
 * Organizations catch up with Logto's surface: branding members kept as given, resource scopes
 * granted by organization roles (API permissions in an organization's context), and organization
 * roles held by machine-to-machine applications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations
      ADD COLUMN is_mfa_required boolean NOT NULL DEFAULT false,
      ADD COLUMN branding jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN color jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN custom_css text;

    CREATE TABLE organization_role_resource_scopes (
      organization_role_id text NOT NULL REFERENCES organization_roles (id) ON DELETE CASCADE,
      scope_id text NOT NULL REFERENCES scopes (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_role_id, scope_id)
    );
    CREATE INDEX organization_role_resource_scopes_scope ON organization_role_resource_scopes (scope_id);

    -- A role an application holds in an organization goes away with its membership.
    CREATE TABLE organization_application_roles (
      organization_id text NOT NULL,
      application_id text NOT NULL,
      organization_role_id text NOT NULL REFERENCES organization_roles (id) ON DELETE CASCADE,
      PRIMARY KEY (organization_id, application_id, organization_role_id),
      FOREIGN KEY (organization_id, application_id)
        REFERENCES organization_applications (organization_id, application_id) ON DELETE CASCADE
    );
    CREATE INDEX organization_application_roles_role ON organization_application_roles (organization_role_id);
  `.execute(db);
}
