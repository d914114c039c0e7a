import { sql, type Insertable, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { ResourcesTable } from '../storage/tables/core.js';
import { likePattern } from '../http/route-schemas.js';

export type ResourceRow = Selectable<ResourcesTable>;

export function findResource(db: Db, id: string): Promise<ResourceRow | undefined> {
  return db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findResources(db: Db, ids: readonly string[]): Promise<ResourceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('resources').selectAll().where('id', 'in', ids).execute();
}

export function lockResource(trx: Transaction<Database>, id: string): Promise<ResourceRow | undefined> {
  return trx.selectFrom('resources').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function indicatorTaken(db: Db, indicator: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('resources')
    .select('id')
    .where('indicator', '=', indicator)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

function filtered(db: Db, search: string | undefined) {
  const query = db.selectFrom('resources');
  if (!search) return query;
  const pattern = likePattern(search);
  return query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('indicator', 'ilike', pattern)]));
}

/** Newest first, with the total of the search. */
export function listResources(db: Db, search: string | undefined, page: PageBounds) {
  return pageWithTotal(
    filtered(db, search),
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
    page,
  );
}

export function insertResource(db: Db, values: Insertable<ResourcesTable>): Promise<ResourceRow> {
  return db.insertInto('resources').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateResource(db: Db, id: string, values: Updateable<ResourcesTable>): Promise<ResourceRow> {
  return db
    .updateTable('resources')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteResource(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('resources').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Serialised, so two resources made default at once cannot both keep the flag. */
export async function clearDefaultResources(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7405214)`.execute(trx);
  await trx.updateTable('resources').set({ is_default: false }).where('is_default', '=', true).execute();
}
