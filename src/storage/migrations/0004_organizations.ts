import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organizations (
      id text PRIMARY KEY,
      name text NOT NULL,
      description text,
      custom_data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organizations_created_at ON organizations (created_at DESC, id);

    CREATE TABLE organization_scopes (
      id text PRIMARY KEY,
      name text NOT NULL UNIQUE,
      description text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE organization_roles (
      id text PRIMARY KEY,
      name text NOT NULL UNIQUE,
      description text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE organization_role_scopes (
      organization_role_id text NOT NULL REFERENCES organization_roles (id) ON DELETE CASCADE,
      organization_scope_id text NOT NULL REFERENCES organization_scopes (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_role_id, organization_scope_id)
    );
    CREATE INDEX organization_role_scopes_scope ON organization_role_scopes (organization_scope_id);

    CREATE TABLE organization_users (
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    );
    CREATE INDEX organization_users_user ON organization_users (user_id);

    CREATE TABLE organization_applications (
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, application_id)
    );
    CREATE INDEX organization_applications_application ON organization_applications (application_id);

    -- A role held in an organization goes away with the membership it belongs to.
    CREATE TABLE organization_user_roles (
      organization_id text NOT NULL,
      user_id text NOT NULL,
      organization_role_id text NOT NULL REFERENCES organization_roles (id) ON DELETE CASCADE,
      PRIMARY KEY (organization_id, user_id, organization_role_id),
      FOREIGN KEY (organization_id, user_id)
        REFERENCES organization_users (organization_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX organization_user_roles_role ON organization_user_roles (organization_role_id);

    CREATE TABLE organization_invitations (
      id text PRIMARY KEY,
      inviter_id text REFERENCES users (id) ON DELETE SET NULL,
      invitee text NOT NULL,
      accepted_user_id text REFERENCES users (id) ON DELETE SET NULL,
      organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'Pending',
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organization_invitations_organization ON organization_invitations (organization_id, created_at);
    CREATE INDEX organization_invitations_invitee ON organization_invitations (lower(invitee));

    CREATE TABLE organization_invitation_roles (
      organization_invitation_id text NOT NULL REFERENCES organization_invitations (id) ON DELETE CASCADE,
      organization_role_id text NOT NULL REFERENCES organization_roles (id) ON DELETE CASCADE,
      PRIMARY KEY (organization_invitation_id, organization_role_id)
    );
  `.execute(db);
}
