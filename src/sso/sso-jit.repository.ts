import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { groupRoleIds } from '../organizations/jit.repository.js';

type Trx = Transaction<Database>;

/** The SSO connectors whose users join an organization just in time. */
export async function listJitSsoConnectors(db: Db, organizationId: string) {
  return db
    .selectFrom('organization_jit_sso_connectors as j')
    .innerJoin('sso_connectors as c', 'c.id', 'j.sso_connector_id')
    .selectAll('c')
    .where('j.organization_id', '=', organizationId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

export async function insertJitSsoConnectors(trx: Trx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await sql`
    INSERT INTO organization_jit_sso_connectors (organization_id, sso_connector_id)
    SELECT ${organizationId}, c FROM unnest(${ids}::text[]) AS c
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

export async function replaceJitSsoConnectors(trx: Trx, organizationId: string, ids: readonly string[]) {
  await trx
    .deleteFrom('organization_jit_sso_connectors')
    .where('organization_id', '=', organizationId)
    .execute();
  await insertJitSsoConnectors(trx, organizationId, ids);
}

export async function deleteJitSsoConnector(trx: Trx, organizationId: string, id: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('organization_jit_sso_connectors')
    .where('organization_id', '=', organizationId)
    .where('sso_connector_id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Organizations that provision users of this SSO connector, with the JIT role ids they grant. */
export async function organizationsForSsoConnector(db: Db, connectorId: string) {
  const rows = await db
    .selectFrom('organization_jit_sso_connectors as j')
    .leftJoin('organization_jit_roles as r', 'r.organization_id', 'j.organization_id')
    .select(['j.organization_id', 'r.organization_role_id'])
    .where('j.sso_connector_id', '=', connectorId)
    .orderBy('j.organization_id')
    .execute();
  return groupRoleIds(rows);
}
