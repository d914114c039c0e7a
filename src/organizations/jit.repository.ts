import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';

type Trx = Transaction<Database>;

/** Just-in-time provisioning rules of organizations: e-mail domains and the roles new members get. */

export async function listEmailDomains(
  db: Db,
  organizationId: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const query = db.selectFrom('organization_jit_email_domains').where('organization_id', '=', organizationId);
  const { total, rows } = await pageWithTotal(
    query,
    (q) => q.select('email_domain').orderBy('email_domain'),
    { limit, offset },
  );
  return { total, domains: rows.map((row) => row.email_domain) };
}

export async function replaceEmailDomains(trx: Trx, organizationId: string, domains: readonly string[]) {
  await trx
    .deleteFrom('organization_jit_email_domains')
    .where('organization_id', '=', organizationId)
    .execute();
  await insertEmailDomains(trx, organizationId, domains);
}

/** Adds the domains not listed yet; returns how many were added. */
export async function insertEmailDomains(
  trx: Trx,
  organizationId: string,
  domains: readonly string[],
): Promise<number> {
  if (domains.length === 0) return 0;
  const result = await sql`
    INSERT INTO organization_jit_email_domains (organization_id, email_domain)
    SELECT ${organizationId}, d FROM unnest(${domains}::text[]) AS d
    ON CONFLICT DO NOTHING
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

export async function deleteEmailDomain(trx: Trx, organizationId: string, domain: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('organization_jit_email_domains')
    .where('organization_id', '=', organizationId)
    .where('email_domain', '=', domain)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listJitRoles(
  db: Db,
  organizationId: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const query = db
    .selectFrom('organization_jit_roles as j')
    .innerJoin('organization_roles as r', 'r.id', 'j.organization_role_id')
    .where('j.organization_id', '=', organizationId);
  return pageWithTotal(query, (q) => q.selectAll('r').orderBy('r.name').orderBy('r.id'), { limit, offset });
}

export async function replaceJitRoles(trx: Trx, organizationId: string, roleIds: readonly string[]) {
  await trx.deleteFrom('organization_jit_roles').where('organization_id', '=', organizationId).execute();
  await insertJitRoles(trx, organizationId, roleIds);
}

export async function insertJitRoles(trx: Trx, organizationId: string, roleIds: readonly string[]) {
  if (roleIds.length === 0) return;
  await sql`
    INSERT INTO organization_jit_roles (organization_id, organization_role_id)
    SELECT ${organizationId}, r FROM unnest(${roleIds}::text[]) AS r
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

export async function deleteJitRole(trx: Trx, organizationId: string, roleId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('organization_jit_roles')
    .where('organization_id', '=', organizationId)
    .where('organization_role_id', '=', roleId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Organizations that provision users of this e-mail domain, with the role ids they grant. */
export async function provisioningOrganizations(db: Db, domain: string) {
  const rows = await db
    .selectFrom('organization_jit_email_domains as d')
    .leftJoin('organization_jit_roles as r', 'r.organization_id', 'd.organization_id')
    .select(['d.organization_id', 'r.organization_role_id'])
    .where('d.email_domain', '=', domain)
    .orderBy('d.organization_id')
    .execute();
  return groupRoleIds(rows);
}

/** Each existing organization of `ids` with its JIT roles (a one-time token's organizations). */
export async function organizationsWithJitRoles(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('organizations as o')
    .leftJoin('organization_jit_roles as r', 'r.organization_id', 'o.id')
    .select(['o.id as organization_id', 'r.organization_role_id'])
    .where('o.id', 'in', [...ids])
    .orderBy('o.id')
    .execute();
  return groupRoleIds(rows);
}

/** Rows of (organization, JIT role or null) as each organization with its role ids. */
export function groupRoleIds(
  rows: readonly { organization_id: string; organization_role_id: string | null }[],
) {
  const roles = new Map<string, string[]>();
  for (const row of rows) {
    const list = roles.get(row.organization_id) ?? [];
    if (row.organization_role_id) list.push(row.organization_role_id);
    roles.set(row.organization_id, list);
  }
  return [...roles].map(([organizationId, roleIds]) => ({ organizationId, roleIds }));
}
