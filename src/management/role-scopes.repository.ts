import type { Db } from '../storage/database.js';
import type { ScopeRow } from './scopes.repository.js';

type Page = { limit: number; offset: number };

function linked(db: Db, roleId: string) {
  return db
    .selectFrom('roles_scopes as rs')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .where('rs.role_id', '=', roleId);
}

/** The scopes of a role, by resource then name; every one of them unless a page is given. */
export function roleScopes(db: Db, roleId: string, page?: Page): Promise<ScopeRow[]> {
  return linked(db, roleId)
    .selectAll('s')
    .orderBy('s.resource_id')
    .orderBy('s.name')
    .orderBy('s.id')
    .$if(page !== undefined, (query) => query.limit(page!.limit).offset(page!.offset))
    .execute();
}

export async function countRoleScopes(db: Db, roleId: string): Promise<string> {
  const row = await linked(db, roleId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return String(row.count);
}

export async function linkedScopeIds(db: Db, roleId: string, scopeIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('roles_scopes')
    .select('scope_id')
    .where('role_id', '=', roleId)
    .where('scope_id', 'in', scopeIds)
    .execute();
  return rows.map((row) => row.scope_id);
}

export async function linkScopes(db: Db, roleId: string, scopeIds: readonly string[]): Promise<void> {
  if (scopeIds.length === 0) return;
  await db
    .insertInto('roles_scopes')
    .values(scopeIds.map((scopeId) => ({ role_id: roleId, scope_id: scopeId })))
    .execute();
}

export async function unlinkScope(db: Db, roleId: string, scopeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('roles_scopes')
    .where('role_id', '=', roleId)
    .where('scope_id', '=', scopeId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
