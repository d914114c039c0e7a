import type { Db } from '../storage/database.js';
import type { Search } from '../http/search-query.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import { runSearch, searchCondition } from '../storage/search.repository.js';
import { applicationSearchColumns } from './applications.repository.js';

/** Of these users, the first one already holding the role, if any. */
export async function firstUserHolding(db: Db, roleId: string, userIds: readonly string[]) {
  const row = await db
    .selectFrom('users_roles')
    .select('user_id')
    .where('role_id', '=', roleId)
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function firstApplicationHolding(db: Db, roleId: string, applicationIds: readonly string[]) {
  const row = await db
    .selectFrom('applications_roles')
    .select('application_id')
    .where('role_id', '=', roleId)
    .where('application_id', 'in', applicationIds)
    .orderBy('application_id')
    .executeTakeFirst();
  return row?.application_id;
}

export function findUserIds(db: Db, ids: readonly string[]): Promise<Array<{ id: string }>> {
  return db.selectFrom('users').select('id').where('id', 'in', ids).execute();
}

export function findApplicationTypes(db: Db, ids: readonly string[]) {
  return db.selectFrom('applications').select(['id', 'type']).where('id', 'in', ids).execute();
}

export async function addRoleUsers(db: Db, roleId: string, userIds: readonly string[]): Promise<void> {
  await db
    .insertInto('users_roles')
    .values(userIds.map((userId) => ({ user_id: userId, role_id: roleId })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function addRoleApplications(db: Db, roleId: string, applicationIds: readonly string[]) {
  await db
    .insertInto('applications_roles')
    .values(applicationIds.map((applicationId) => ({ application_id: applicationId, role_id: roleId })))
    .onConflict((oc) => oc.columns(['application_id', 'role_id']).doNothing())
    .execute();
}

/** The applications holding a role, newest first, with the total. */
/** Newest first, searched as GET /applications searches (Logto's search on this list). */
export function listRoleApplications(db: Db, roleId: string, search: Search, page: PageBounds) {
  const holders = db
    .selectFrom('applications_roles as ar')
    .innerJoin('applications', 'applications.id', 'ar.application_id')
    .where('ar.role_id', '=', roleId);
  const condition = searchCondition(search, applicationSearchColumns);
  const query = condition ? holders.where(condition) : holders;
  return runSearch(() =>
    pageWithTotal(
      query,
      (q) =>
        q.selectAll('applications').orderBy('applications.created_at', 'desc').orderBy('applications.id'),
      page,
    ),
  );
}
