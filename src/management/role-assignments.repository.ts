import type { Db } from '../storage/database.js';
import type { RoleRow } from './roles.repository.js';

type Page = { limit: number; offset: number };

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

export async function countUserRoles(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users_roles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return String(row.count);
}

export function listUserRoles(db: Db, userId: string, page: Page): Promise<RoleRow[]> {
  return db
    .selectFrom('users_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .selectAll('r')
    .where('ur.user_id', '=', userId)
    .orderBy('r.name')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
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

export async function countApplicationRoles(db: Db, applicationId: string): Promise<string> {
  const row = await db
    .selectFrom('applications_roles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return String(row.count);
}

export function listApplicationRoles(db: Db, applicationId: string, page: Page): Promise<RoleRow[]> {
  return db
    .selectFrom('applications_roles as ar')
    .innerJoin('roles as r', 'r.id', 'ar.role_id')
    .selectAll('r')
    .where('ar.application_id', '=', applicationId)
    .orderBy('r.name')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
