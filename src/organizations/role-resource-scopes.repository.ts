import { sql, type Kysely, type Transaction } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Resource scopes (API permissions) an organization role grants inside an organization. */

export async function insertRoleResourceScopes(trx: Trx, roleId: string, scopeIds: readonly string[]) {
  if (scopeIds.length === 0) return;
  await sql`
    INSERT INTO organization_role_resource_scopes (organization_role_id, scope_id)
    SELECT ${roleId}, r.id FROM unnest(${scopeIds}::text[]) AS r(id)
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

export async function deleteRoleResourceScopesExcept(trx: Trx, roleId: string, keep: readonly string[]) {
  await sql`
    DELETE FROM organization_role_resource_scopes
    WHERE organization_role_id = ${roleId} AND scope_id <> ALL(${keep}::text[])
  `.execute(trx);
}

export async function deleteRoleResourceScope(trx: Trx, roleId: string, scopeId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('organization_role_resource_scopes')
    .where('organization_role_id', '=', roleId)
    .where('scope_id', '=', scopeId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listRoleResourceScopes(
  db: Db,
  roleId: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const query = db
    .selectFrom('organization_role_resource_scopes as rs')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .where('rs.organization_role_id', '=', roleId);
  return pageWithTotal(query, (q) => q.selectAll('s').orderBy('s.name').orderBy('s.id'), { limit, offset });
}

/** The resource scopes of several roles at once, each with its resource, for the role list. */
export async function resourceScopesOfRoles(db: Db, roleIds: readonly string[]) {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('organization_role_resource_scopes as rs')
    .innerJoin('scopes as s', 's.id', 'rs.scope_id')
    .innerJoin('resources as r', 'r.id', 's.resource_id')
    .select([
      'rs.organization_role_id as roleId',
      's.id',
      's.name',
      'r.id as resourceId',
      'r.name as resourceName',
    ])
    .where('rs.organization_role_id', 'in', roleIds)
    .orderBy('s.name')
    .execute();
}
