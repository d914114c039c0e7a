import { sql, type Kysely, type Transaction } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { NamedRow } from './named-entities.repository.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Organization roles a member holds in one organization. */

export async function isMember(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organization_users')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUserRoles(
  trx: Trx,
  organizationId: string,
  userId: string,
  roleIds: readonly string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await sql`
    INSERT INTO organization_user_roles (organization_id, user_id, organization_role_id)
    SELECT ${organizationId}, ${userId}, r.id FROM unnest(${roleIds}::text[]) AS r(id)
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

export async function deleteUserRolesExcept(
  trx: Trx,
  organizationId: string,
  userId: string,
  keep: readonly string[],
): Promise<void> {
  await sql`
    DELETE FROM organization_user_roles
    WHERE organization_id = ${organizationId} AND user_id = ${userId}
      AND organization_role_id <> ALL(${keep}::text[])
  `.execute(trx);
}

export async function deleteUserRole(
  trx: Trx,
  organizationId: string,
  userId: string,
  roleId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('organization_user_roles')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('organization_role_id', '=', roleId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listUserRoles(
  db: Db,
  organizationId: string,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: NamedRow[] }> {
  const query = db
    .selectFrom('organization_user_roles as ur')
    .innerJoin('organization_roles as r', 'r.id', 'ur.organization_role_id')
    .where('ur.organization_id', '=', organizationId)
    .where('ur.user_id', '=', userId);
  return pageWithTotal(query, (q) => q.selectAll('r').orderBy('r.name'), { limit, offset });
}
