import type { Db } from '../storage/database.js';

/** Every API scope the user holds through user roles, each once, by resource then name. */
export function userScopes(db: Db, userId: string) {
  return db
    .selectFrom('users_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('roles_scopes as rs', 'rs.role_id', 'r.id')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .selectAll('s')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('r.type', '=', 'User')
    .orderBy('s.resource_id')
    .orderBy('s.name')
    .execute();
}

/** The organizations the user is a member of, by name, each with the user's organization roles there. */
export async function userOrganizations(db: Db, userId: string) {
  const [organizations, roles] = await Promise.all([
    db
      .selectFrom('organization_users as ou')
      .innerJoin('organizations as o', 'o.id', 'ou.organization_id')
      .selectAll('o')
      .where('ou.user_id', '=', userId)
      .orderBy('o.name')
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('organization_user_roles as our')
      .innerJoin('organization_roles as r', 'r.id', 'our.organization_role_id')
      .select(['our.organization_id', 'r.id', 'r.name'])
      .where('our.user_id', '=', userId)
      .orderBy('r.name')
      .execute(),
  ]);
  return organizations.map((organization) => ({
    organization,
    roles: roles
      .filter((role) => role.organization_id === organization.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}
