import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { ApplicationsTable, ApplicationType } from '../storage/tables/core.js';
import { likePattern } from './route-schemas.js';

export type ApplicationRow = Selectable<ApplicationsTable>;

export interface ApplicationFilter {
  types?: ApplicationType[];
  search?: string;
}

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
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('id', 'ilike', pattern)]));
  }
  return query;
}

/** Newest first, with the total of the filter. */
export function listApplications(db: Db, filter: ApplicationFilter, page: PageBounds) {
  return pageWithTotal(
    filtered(db, filter),
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
    page,
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
