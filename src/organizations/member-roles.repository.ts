import { sql, type Kysely, type Transaction } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { MemberKind } from './members.repository.js';
import type { NamedRow } from './named-entities.repository.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Organization roles a member (user or application) holds in one organization. */

const tables = {
  user: {
    members: 'organization_users',
    roles: 'organization_user_roles',
    column: 'user_id',
  },
  application: {
    members: 'organization_applications',
    roles: 'organization_application_roles',
    column: 'application_id',
  },
} as const;

export async function isMember(db: Db, organizationId: string, userId: string): Promise<boolean> {
  return (await nonMembers(db, 'user', organizationId, [userId])).length === 0;
}

/** The ids of `ids` that are not members of the organization, in request order. */
export async function nonMembers(
  db: Db,
  kind: MemberKind,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { members, column } = tables[kind];
  const { rows } = await sql<{ id: string }>`
    SELECT r.id FROM unnest(${ids}::text[]) WITH ORDINALITY AS r(id, ord)
    WHERE NOT EXISTS (
      SELECT 1 FROM ${sql.table(members)} m
      WHERE m.organization_id = ${organizationId} AND m.${sql.ref(column)} = r.id
    )
    ORDER BY r.ord
  `.execute(db);
  return rows.map((row) => row.id);
}

/** Every role to every member, in one statement; pairs already there are left alone. */
export async function insertMemberRoles(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberIds: readonly string[],
  roleIds: readonly string[],
): Promise<void> {
  if (memberIds.length === 0 || roleIds.length === 0) return;
  const { roles, column } = tables[kind];
  await sql`
    INSERT INTO ${sql.table(roles)} (organization_id, ${sql.ref(column)}, organization_role_id)
    SELECT ${organizationId}, m.id, r.id
    FROM unnest(${memberIds}::text[]) AS m(id) CROSS JOIN unnest(${roleIds}::text[]) AS r(id)
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

export async function insertUserRoles(
  trx: Trx,
  organizationId: string,
  userId: string,
  roleIds: readonly string[],
): Promise<void> {
  await insertMemberRoles(trx, 'user', organizationId, [userId], roleIds);
}

export async function deleteMemberRolesExcept(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberId: string,
  keep: readonly string[],
): Promise<void> {
  const { roles, column } = tables[kind];
  await sql`
    DELETE FROM ${sql.table(roles)}
    WHERE organization_id = ${organizationId} AND ${sql.ref(column)} = ${memberId}
      AND organization_role_id <> ALL(${keep}::text[])
  `.execute(trx);
}

export async function deleteMemberRole(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberId: string,
  roleId: string,
): Promise<boolean> {
  const { roles, column } = tables[kind];
  const result = await sql`
    DELETE FROM ${sql.table(roles)}
    WHERE organization_id = ${organizationId} AND ${sql.ref(column)} = ${memberId}
      AND organization_role_id = ${roleId}
  `.execute(trx);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export async function listMemberRoles(
  db: Db,
  kind: MemberKind,
  organizationId: string,
  memberId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: NamedRow[] }> {
  const query =
    kind === 'user'
      ? db
          .selectFrom('organization_user_roles as mr')
          .innerJoin('organization_roles as r', 'r.id', 'mr.organization_role_id')
          .where('mr.user_id', '=', memberId)
      : db
          .selectFrom('organization_application_roles as mr')
          .innerJoin('organization_roles as r', 'r.id', 'mr.organization_role_id')
          .where('mr.application_id', '=', memberId);
  return pageWithTotal(
    query.where('mr.organization_id', '=', organizationId),
    (q) => q.selectAll('r').orderBy('r.name'),
    { limit, offset },
  );
}
