import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
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

export async function countApplications(db: Db, filter: ApplicationFilter): Promise<string> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return String(row.count);
}

export function listApplications(
  db: Db,
  filter: ApplicationFilter,
  page: { limit: number; offset: number },
): Promise<ApplicationRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
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
