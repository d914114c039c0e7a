import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { ResourcesTable } from '../storage/tables/core.js';
import { likePattern } from './route-schemas.js';

export type ResourceRow = Selectable<ResourcesTable>;

export function findResource(db: Db, id: string): Promise<ResourceRow | undefined> {
  return db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function countResources(db: Db, search: string | undefined): Promise<string> {
  const row = await filtered(db, search)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return String(row.count);
}

export function listResources(db: Db, search: string | undefined, page: { limit: number; offset: number }) {
  return filtered(db, search)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
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
