import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import type { Search } from '../http/search-query.js';
import { runSearch, searchCondition } from '../storage/search.repository.js';
import { roleSearchColumns, type RoleRow } from './roles.repository.js';

/** Adds the roles the user lacks; returns the ids actually added. */
export async function addUserRoles(db: Db, userId: string, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .insertInto('users_roles')
    .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .returning('role_id')
    .execute();
  return rows.map((row) => row.role_id);
}

export async function removeUserRole(db: Db, userId: string, roleId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('users_roles')
    .where('user_id', '=', userId)
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes the user's roles not in `keep` (all of them when it is empty). */
export async function removeUserRolesExcept(db: Db, userId: string, keep: readonly string[]): Promise<void> {
  await db
    .deleteFrom('users_roles')
    .where('user_id', '=', userId)
    .$if(keep.length > 0, (q) => q.where('role_id', 'not in', keep))
    .execute();
}

/** By name (role names are unique), with the total. */
export function listUserRoles(
  db: Db,
  userId: string,
  search: Search,
  page: PageBounds,
): Promise<{ total: number; rows: RoleRow[] }> {
  const query = db
    .selectFrom('users_roles as ur')
    .innerJoin('roles', 'roles.id', 'ur.role_id')
    .where('ur.user_id', '=', userId);
  const condition = searchCondition(search, roleSearchColumns);
  const filtered = condition ? query.where(condition) : query;
  return runSearch(() => pageWithTotal(filtered, (q) => q.selectAll('roles').orderBy('roles.name'), page));
}

export async function addApplicationRoles(
  db: Db,
  applicationId: string,
  roleIds: readonly string[],
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .insertInto('applications_roles')
    .values(roleIds.map((roleId) => ({ application_id: applicationId, role_id: roleId })))
    .onConflict((oc) => oc.columns(['application_id', 'role_id']).doNothing())
    .returning('role_id')
    .execute();
  return rows.map((row) => row.role_id);
}

export async function removeApplicationRolesExcept(db: Db, applicationId: string, keep: readonly string[]) {
  await db
    .deleteFrom('applications_roles')
    .where('application_id', '=', applicationId)
    .$if(keep.length > 0, (q) => q.where('role_id', 'not in', keep))
    .execute();
}

export async function removeApplicationRole(db: Db, applicationId: string, roleId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('applications_roles')
    .where('application_id', '=', applicationId)
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** By name (role names are unique), with the total. */
export function listApplicationRoles(
  db: Db,
  applicationId: string,
  search: Search,
  page: PageBounds,
): Promise<{ total: number; rows: RoleRow[] }> {
  const query = db
    .selectFrom('applications_roles as ar')
    .innerJoin('roles', 'roles.id', 'ar.role_id')
    .where('ar.application_id', '=', applicationId);
  const condition = searchCondition(search, roleSearchColumns);
  const filtered = condition ? query.where(condition) : query;
  return runSearch(() => pageWithTotal(filtered, (q) => q.selectAll('roles').orderBy('roles.name'), page));
}
