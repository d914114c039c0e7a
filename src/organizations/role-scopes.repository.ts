import { sql, type Kysely, type Transaction } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { NamedRow } from './named-entities.repository.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Serialises scope writes on one role, as lockOrganization does for memberships. */
export async function lockRole(trx: Trx, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('organization_roles')
    .select('id')
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** One statement for any number of scopes; returns the ones newly assigned. */
export async function insertRoleScopes(
  trx: Trx,
  roleId: string,
  scopeIds: readonly string[],
): Promise<string[]> {
  if (scopeIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    INSERT INTO organization_role_scopes (organization_role_id, organization_scope_id)
    SELECT ${roleId}, r.id FROM unnest(${scopeIds}::text[]) AS r(id)
    ON CONFLICT DO NOTHING
    RETURNING organization_scope_id AS id
  `.execute(trx);
  return rows.map((row) => row.id);
}

export async function deleteRoleScopesExcept(
  trx: Trx,
  roleId: string,
  keep: readonly string[],
): Promise<number> {
  const result = await sql`
    DELETE FROM organization_role_scopes
    WHERE organization_role_id = ${roleId} AND organization_scope_id <> ALL(${keep}::text[])
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

export async function deleteRoleScope(trx: Trx, roleId: string, scopeId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('organization_role_scopes')
    .where('organization_role_id', '=', roleId)
    .where('organization_scope_id', '=', scopeId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listRoleScopes(
  db: Db,
  roleId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: NamedRow[] }> {
  const query = db
    .selectFrom('organization_role_scopes as rs')
    .innerJoin('organization_scopes as s', 's.id', 'rs.organization_scope_id')
    .where('rs.organization_role_id', '=', roleId);
  return pageWithTotal(query, (q) => q.selectAll('s').orderBy('s.name'), { limit, offset });
}

/** The scopes of several roles at once, for the role list. */
export async function scopesOfRoles(
  db: Db,
  roleIds: readonly string[],
): Promise<{ roleId: string; id: string; name: string }[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('organization_role_scopes as rs')
    .innerJoin('organization_scopes as s', 's.id', 'rs.organization_scope_id')
    .select(['rs.organization_role_id as roleId', 's.id', 's.name'])
    .where('rs.organization_role_id', 'in', roleIds)
    .orderBy('s.name')
    .execute();
}
