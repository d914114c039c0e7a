import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Search } from '../http/search-query.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import { runSearch, searchCondition } from '../storage/search.repository.js';
import type { Database } from '../storage/schema.js';
import type { ApplicationsTable, ApplicationType } from '../storage/tables/core.js';

export type ApplicationRow = Selectable<ApplicationsTable>;

export interface ApplicationFilter {
  types?: ApplicationType[];
  search: Search;
  isThirdParty?: boolean;
  excludeRoleId?: string;
  excludeOrganizationId?: string;
}

/** Application search as Logto's: these fields, `search` looking in all of them. */
export const applicationSearchColumns = {
  id: 'applications.id',
  name: 'applications.name',
  description: 'applications.description',
};

export function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends, so a read-modify-write loses no concurrent change. */
export function lockApplication(trx: Transaction<Database>, id: string): Promise<ApplicationRow | undefined> {
  return trx.selectFrom('applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

function filtered(db: Db, filter: ApplicationFilter) {
  let query = db.selectFrom('applications');
  if (filter.types?.length) query = query.where('type', 'in', filter.types);
  if (filter.isThirdParty !== undefined) query = query.where('is_third_party', '=', filter.isThirdParty);
  const { excludeRoleId, excludeOrganizationId } = filter;
  if (excludeRoleId !== undefined) {
    const holders = db
      .selectFrom('applications_roles')
      .select('application_id')
      .where('role_id', '=', excludeRoleId);
    query = query.where('applications.id', 'not in', holders);
  }
  if (excludeOrganizationId !== undefined) {
    const members = db
      .selectFrom('organization_applications')
      .select('application_id')
      .where('organization_id', '=', excludeOrganizationId);
    query = query.where('applications.id', 'not in', members);
  }
  const condition = searchCondition(filter.search, applicationSearchColumns);
  return condition ? query.where(condition) : query;
}

/** Newest first, with the total of the filter. */
export function listApplications(db: Db, filter: ApplicationFilter, page: PageBounds) {
  return runSearch(() =>
    pageWithTotal(
      filtered(db, filter),
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
      page,
    ),
  );
}

export function insertApplication(db: Db, values: Insertable<ApplicationsTable>): Promise<ApplicationRow> {
  return db.insertInto('applications').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateApplication(
  db: Db,
  id: string,
  values: Updateable<ApplicationsTable>,
): Promise<ApplicationRow | undefined> {
  return db.updateTable('applications').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Removes the application and the provider artefacts (grants, refresh tokens) issued to it. */
export async function deleteApplication(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('applications').where('id', '=', id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await db
    .deleteFrom('oidc_model_instances')
    .where((eb) => eb(eb.ref('payload', '->>').key('clientId'), '=', id))
    .execute();
  return true;
}

/** The organizations an application is a member of, by name. */
export async function applicationOrganizations(
  db: Db,
  applicationId: string,
  page: { limit: number; offset: number },
) {
  const memberships = db
    .selectFrom('organization_applications as oa')
    .innerJoin('organizations as o', 'o.id', 'oa.organization_id')
    .where('oa.application_id', '=', applicationId);
  const [count, rows] = await Promise.all([
    memberships.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    memberships
      .selectAll('o')
      .orderBy('o.name')
      .orderBy('o.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: count.total, rows };
}

/** The organization roles an application holds, with the organization each is held in. */
export function applicationOrganizationRoles(db: Db, applicationId: string) {
  return db
    .selectFrom('organization_application_roles as ar')
    .innerJoin('organization_roles as r', 'r.id', 'ar.organization_role_id')
    .select(['ar.organization_id', 'r.id', 'r.name'])
    .where('ar.application_id', '=', applicationId)
    .orderBy('r.name')
    .execute();
}
