import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import type { ScopeRow } from './scopes.repository.js';

function linked(db: Db, roleId: string) {
  return db
    .selectFrom('roles_scopes as rs')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .where('rs.role_id', '=', roleId);
}

const byResourceThenName = (query: ReturnType<typeof linked>) =>
  query.selectAll('s').orderBy('s.resource_id').orderBy('s.name').orderBy('s.id');

/** Every scope of a role, by resource then name. */
export function roleScopes(db: Db, roleId: string): Promise<ScopeRow[]> {
  return byResourceThenName(linked(db, roleId)).execute();
}

/** One page of them, with the total. */
export function listRoleScopes(db: Db, roleId: string, page: PageBounds) {
  return pageWithTotal(linked(db, roleId), byResourceThenName, page);
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
