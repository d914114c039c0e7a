import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import type { ScopesTable } from '../storage/tables/core.js';
import { likePattern } from '../http/route-schemas.js';

export type ScopeRow = Selectable<ScopesTable>;
export function findScope(db: Db, resourceId: string, scopeId: string): Promise<ScopeRow | undefined> {
  return db
    .selectFrom('scopes')
    .selectAll()
    .where('id', '=', scopeId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
}

export function findScopes(db: Db, ids: readonly string[]): Promise<ScopeRow[]> {
  return db.selectFrom('scopes').selectAll().where('id', 'in', ids).execute();
}

export async function scopeNameTaken(db: Db, resourceId: string, name: string, exceptId?: string) {
  const row = await db
    .selectFrom('scopes')
    .select('id')
    .where('resource_id', '=', resourceId)
    .where('name', '=', name)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

function filtered(db: Db, resourceId: string, search: string | undefined) {
  const query = db.selectFrom('scopes').where('resource_id', '=', resourceId);
  if (!search) return query;
  const pattern = likePattern(search);
  return query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
}

/** By name, with the total of the search. */
export function listScopes(db: Db, resourceId: string, search: string | undefined, page: PageBounds) {
  return pageWithTotal(
    filtered(db, resourceId, search),
    (q) => q.selectAll().orderBy('name').orderBy('id'),
    page,
  );
}

export function insertScope(db: Db, values: Insertable<ScopesTable>): Promise<ScopeRow> {
  return db.insertInto('scopes').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateScope(db: Db, id: string, values: Updateable<ScopesTable>): Promise<ScopeRow> {
  return db.updateTable('scopes').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteScope(db: Db, id: string): Promise<void> {
  await db.deleteFrom('scopes').where('id', '=', id).execute();
}
