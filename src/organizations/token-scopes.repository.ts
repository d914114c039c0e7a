import type { Db } from '../storage/database.js';

/** What tokens and user info say about a user's organizations (Logto's organization claims). */

/** Every organization scope name: what the organization resource can grant at sign-in. */
export async function organizationScopeNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('organization_scopes').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** The organization scope names a member holds in one organization through organization roles. */
export async function memberScopeNames(db: Db, organizationId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_user_roles as ur')
    .innerJoin('organization_role_scopes as rs', 'rs.organization_role_id', 'ur.organization_role_id')
    .innerJoin('organization_scopes as s', 's.id', 'rs.organization_scope_id')
    .select('s.name')
    .distinct()
    .where('ur.organization_id', '=', organizationId)
    .where('ur.user_id', '=', userId)
    .orderBy('s.name')
    .execute();
  return rows.map((row) => row.name);
}

export interface MembershipClaims {
  organizationId: string;
  roleNames: string[];
}

/**
 * The user's organizations, each with the names of the organization roles held there, as told to
 * an application: a third-party one hears only of those the user consented to it acting in.
 */
export async function membershipClaims(
  db: Db,
  userId: string,
  applicationId: string,
): Promise<MembershipClaims[]> {
  const rows = await db
    .selectFrom('organization_users as ou')
    .leftJoin('organization_user_roles as ur', (join) =>
      join.onRef('ur.organization_id', '=', 'ou.organization_id').onRef('ur.user_id', '=', 'ou.user_id'),
    )
    .leftJoin('organization_roles as r', 'r.id', 'ur.organization_role_id')
    .select(['ou.organization_id as organizationId', 'r.name as roleName'])
    .where('ou.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('applications as a')
              .select('a.id')
              .where('a.id', '=', applicationId)
              .where('a.is_third_party', '=', true),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('application_user_consent_organizations as c')
            .select('c.organization_id')
            .where('c.application_id', '=', applicationId)
            .whereRef('c.user_id', '=', 'ou.user_id')
            .whereRef('c.organization_id', '=', 'ou.organization_id'),
        ),
      ]),
    )
    .orderBy('ou.created_at')
    .orderBy('ou.organization_id')
    .orderBy('r.name')
    .execute();
  const byOrganization = new Map<string, string[]>();
  for (const { organizationId, roleName } of rows) {
    const names = byOrganization.get(organizationId) ?? [];
    if (roleName) names.push(roleName);
    byOrganization.set(organizationId, names);
  }
  return [...byOrganization].map(([organizationId, roleNames]) => ({ organizationId, roleNames }));
}

/**
 * The scope names of one API resource a user holds through organization roles (their resource
 * scopes): in one organization when `organizationId` is given (an access token asked for with
 * `organization_id`), in any of the user's organizations otherwise (what a sign-in may grant, so
 * that a later organization-scoped refresh can carry them).
 */
export async function organizationRoleResourceScopeNames(
  db: Db,
  query: { userId: string; resourceId: string; organizationId?: string },
): Promise<string[]> {
  let select = db
    .selectFrom('organization_user_roles as ur')
    .innerJoin(
      'organization_role_resource_scopes as rs',
      'rs.organization_role_id',
      'ur.organization_role_id',
    )
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .select('s.name')
    .distinct()
    .where('ur.user_id', '=', query.userId)
    .where('s.resource_id', '=', query.resourceId);
  if (query.organizationId) select = select.where('ur.organization_id', '=', query.organizationId);
  const rows = await select.orderBy('s.name').execute();
  return rows.map((row) => row.name);
}

/** Logto's `organization_data` entries of these organizations, in the order given. */
export async function organizationData(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'description'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
