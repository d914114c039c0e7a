import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../storage/database.js';
import type { ScopesTable } from '../storage/tables/core.js';
import { likePattern } from './route-schemas.js';

export type ScopeRow = Selectable<ScopesTable>;
type Page = { limit: number; offset: number };

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

export async function countScopes(db: Db, resourceId: string, search?: string): Promise<string> {
  const row = await filtered(db, resourceId, search)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return String(row.count);
}

export function listScopes(db: Db, resourceId: string, search: string | undefined, page: Page) {
  return filtered(db, resourceId, search)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
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
