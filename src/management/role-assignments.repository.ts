import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import type { RoleRow } from './roles.repository.js';

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

/** By name (role names are unique), with the total. */
export function listUserRoles(
  db: Db,
  userId: string,
  page: PageBounds,
): Promise<{ total: number; rows: RoleRow[] }> {
  const query = db
    .selectFrom('users_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .where('ur.user_id', '=', userId);
  return pageWithTotal(query, (q) => q.selectAll('r').orderBy('r.name'), page);
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
  page: PageBounds,
): Promise<{ total: number; rows: RoleRow[] }> {
  const query = db
    .selectFrom('applications_roles as ar')
    .innerJoin('roles as r', 'r.id', 'ar.role_id')
    .where('ar.application_id', '=', applicationId);
  return pageWithTotal(query, (q) => q.selectAll('r').orderBy('r.name'), page);
}
