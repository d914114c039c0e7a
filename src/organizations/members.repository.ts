import { sql, type Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';

export type MemberKind = 'user' | 'application';

const relation = {
  user: { table: sql.table('organization_users'), column: sql.ref('user_id') },
  application: { table: sql.table('organization_applications'), column: sql.ref('application_id') },
} as const;

type Trx = Transaction<Database>;

/*
 * Every function here is one statement whatever the number of ids: the ids travel as a single
 * text[] parameter, so replacing 10,000 members with 10,000 others costs the same round trips as
 * replacing one. The caller holds the organization's row lock (see lockOrganization).
 */

/** Adds the members not there yet; returns the ones actually added, in the order of `ids`. */
export async function insertMembers(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { table, column } = relation[kind];
  const { rows } = await sql<{ id: string }>`
    INSERT INTO ${table} (organization_id, ${column})
    SELECT ${organizationId}, r.id FROM unnest(${ids}::text[]) WITH ORDINALITY AS r(id, ord) ORDER BY r.ord
    ON CONFLICT DO NOTHING
    RETURNING ${column} AS id
  `.execute(trx);
  return inRequestOrder(ids, rows);
}

/** Removes every member not in `keep`; returns the removed ones, oldest membership first. */
export async function deleteMembersExcept(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  keep: readonly string[],
): Promise<string[]> {
  const { table, column } = relation[kind];
  const { rows } = await sql<{ id: string; created_at: Date }>`
    DELETE FROM ${table}
    WHERE organization_id = ${organizationId} AND ${column} <> ALL(${keep}::text[])
    RETURNING ${column} AS id, created_at
  `.execute(trx);
  return rows
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1))
    .map((row) => row.id);
}

export async function deleteMember(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const { table, column } = relation[kind];
  const result = await sql`
    DELETE FROM ${table} WHERE organization_id = ${organizationId} AND ${column} = ${id}
  `.execute(trx);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** RETURNING gives no order guarantee; the payload promises the request's order. */
function inRequestOrder(ids: readonly string[], rows: readonly { id: string }[]): string[] {
  const returned = new Set(rows.map((row) => row.id));
  return ids.filter((id) => returned.has(id));
}
