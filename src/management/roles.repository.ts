import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Search } from '../http/search-query.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import { runSearch, searchCondition } from '../storage/search.repository.js';
import type { Database } from '../storage/schema.js';
import type { RolesTable, RoleType } from '../storage/tables/core.js';

export type RoleRow = Selectable<RolesTable>;

export interface RoleFilter {
  search: Search;
  type?: RoleType;
  /** Leave out the roles this user holds (Logto's `excludeUserId`). */
  excludeUserId?: string;
  /** Leave out the roles this application holds (Logto's `excludeApplicationId`). */
  excludeApplicationId?: string;
}

/** Role search as Logto's: these fields, `search` looking in all of them. */
export const roleSearchColumns = { id: 'roles.id', name: 'roles.name', description: 'roles.description' };

export function findRole(db: Db, id: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockRole(trx: Transaction<Database>, id: string): Promise<RoleRow | undefined> {
  return trx.selectFrom('roles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findRoles(db: Db, ids: readonly string[]): Promise<RoleRow[]> {
  return db.selectFrom('roles').selectAll().where('id', 'in', ids).execute();
}

export async function roleNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

function filtered(db: Db, filter: RoleFilter) {
  let query = db.selectFrom('roles');
  if (filter.type) query = query.where('type', '=', filter.type);
  const { excludeUserId, excludeApplicationId } = filter;
  if (excludeUserId !== undefined) {
    const held = db.selectFrom('users_roles').select('role_id').where('user_id', '=', excludeUserId);
    query = query.where('roles.id', 'not in', held);
  }
  if (excludeApplicationId !== undefined) {
    const held = db
      .selectFrom('applications_roles')
      .select('role_id')
      .where('application_id', '=', excludeApplicationId);
    query = query.where('roles.id', 'not in', held);
  }
  const condition = searchCondition(filter.search, roleSearchColumns);
  return condition ? query.where(condition) : query;
}

/** Newest first, with the total of the filter. */
export function listRoles(db: Db, filter: RoleFilter, page: PageBounds) {
  return runSearch(() =>
    pageWithTotal(
      filtered(db, filter),
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      page,
    ),
  );
}

export function insertRole(db: Db, values: Insertable<RolesTable>): Promise<RoleRow> {
  return db.insertInto('roles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateRole(db: Db, id: string, values: Updateable<RolesTable>): Promise<RoleRow> {
  return db.updateTable('roles').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteRole(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('roles').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
