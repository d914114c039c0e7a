import type { Db } from '../storage/database.js';

export interface UserClaimsContext {
  id: string;
  username: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  name: string | null;
  avatar: string | null;
  profile: Record<string, unknown>;
  customData: Record<string, unknown>;
  /** Linked identities by target, with the remote user id only: details may hold provider data. */
  identities: Record<string, { userId: unknown }>;
  applicationId: string | null;
  isSuspended: boolean;
  hasPassword: boolean;
  lastSignInAt: number | null;
  createdAt: number;
  updatedAt: number;
  roles: Array<{
    id: string;
    name: string;
    description: string;
    scopes: Array<{
      id: string;
      name: string;
      description: string | null;
      resourceId: string;
      resource: { id: string; name: string; indicator: string };
    }>;
  }>;
  organizations: Array<{
    id: string;
    name: string;
    description: string | null;
    roles: Array<{ id: string; name: string }>;
  }>;
}

/** The user as a custom-claims script sees it: the profile without secrets, roles with scopes. */
export async function loadUserClaimsContext(db: Db, userId: string): Promise<UserClaimsContext | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const rows = await db
    .selectFrom('users_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('roles_scopes as rs', 'rs.role_id', 'r.id')
    .leftJoin('scopes as s', 's.id', 'rs.scope_id')
    .leftJoin('resources as res', 'res.id', 's.resource_id')
    .select([
      'r.id as roleId',
      'r.name as roleName',
      'r.description as roleDescription',
      's.id as scopeId',
      's.name as scopeName',
      's.description as scopeDescription',
      'res.id as resourceId',
      'res.name as resourceName',
      'res.indicator as resourceIndicator',
    ])
    .where('ur.user_id', '=', userId)
    .orderBy('r.name')
    .orderBy('s.name')
    .execute();

  const roles = new Map<string, UserClaimsContext['roles'][number]>();
  for (const row of rows) {
    let role = roles.get(row.roleId);
    if (!role) {
      role = { id: row.roleId, name: row.roleName, description: row.roleDescription, scopes: [] };
      roles.set(row.roleId, role);
    }
    if (row.scopeId && row.scopeName && row.resourceId && row.resourceName && row.resourceIndicator) {
      role.scopes.push({
        id: row.scopeId,
        name: row.scopeName,
        description: row.scopeDescription,
        resourceId: row.resourceId,
        resource: { id: row.resourceId, name: row.resourceName, indicator: row.resourceIndicator },
      });
    }
  }

  const identities = Object.fromEntries(
    Object.entries(user.identities).map(([target, identity]) => [
      target,
      { userId: (identity as { userId?: unknown } | null)?.userId },
    ]),
  );
  return {
    id: user.id,
    username: user.username,
    primaryEmail: user.primary_email,
    primaryPhone: user.primary_phone,
    name: user.name,
    avatar: user.avatar,
    profile: user.profile,
    customData: user.custom_data,
    identities,
    applicationId: user.application_id,
    isSuspended: user.is_suspended,
    hasPassword: user.password_hash !== null,
    lastSignInAt: user.last_sign_in_at?.getTime() ?? null,
    createdAt: user.created_at.getTime(),
    updatedAt: user.updated_at.getTime(),
    roles: [...roles.values()],
    organizations: await loadUserOrganizations(db, userId),
  };
}

/** The organizations the user belongs to, each with the user's organization roles in it. */
async function loadUserOrganizations(db: Db, userId: string): Promise<UserClaimsContext['organizations']> {
  const rows = await db
    .selectFrom('organization_users as ou')
    .innerJoin('organizations as o', 'o.id', 'ou.organization_id')
    .leftJoin('organization_user_roles as our', (join) =>
      join.onRef('our.organization_id', '=', 'ou.organization_id').onRef('our.user_id', '=', 'ou.user_id'),
    )
    .leftJoin('organization_roles as r', 'r.id', 'our.organization_role_id')
    .select(['o.id', 'o.name', 'o.description', 'r.id as roleId', 'r.name as roleName'])
    .where('ou.user_id', '=', userId)
    .orderBy('o.name')
    .orderBy('r.name')
    .execute();
  const organizations = new Map<string, UserClaimsContext['organizations'][number]>();
  for (const row of rows) {
    let organization = organizations.get(row.id);
    if (!organization) {
      organization = { id: row.id, name: row.name, description: row.description, roles: [] };
      organizations.set(row.id, organization);
    }
    if (row.roleId && row.roleName) organization.roles.push({ id: row.roleId, name: row.roleName });
  }
  return [...organizations.values()];
}
