import type { Db } from '../storage/database.js';

/**
 * The scope names of one API resource (by id or by indicator) that a user holds now through user
 * roles: what consent grants at sign-in and what access tokens carry at each issue.
 */
export async function userResourceScopeNames(
  db: Db,
  userId: string,
  resource: { id: string } | { indicator: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('users_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('roles_scopes as rs', 'rs.role_id', 'ur.role_id')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .innerJoin('resources as res', 'res.id', 's.resource_id')
    .select('s.name')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('r.type', '=', 'User')
    .where((eb) =>
      'id' in resource ? eb('s.resource_id', '=', resource.id) : eb('res.indicator', '=', resource.indicator),
    )
    .execute();
  return rows.map((row) => row.name);
}
