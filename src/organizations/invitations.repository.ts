import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { pageWithTotal } from '../storage/paging.js';
import type { Database } from '../storage/schema.js';
import type { InvitationStatus, OrganizationInvitationsTable } from '../storage/tables/organizations.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export type InvitationRow = Selectable<OrganizationInvitationsTable>;

export async function insertInvitation(
  trx: Trx,
  row: { id: string; inviterId: string | null; invitee: string; organizationId: string; expiresAt: Date },
  roleIds: readonly string[],
): Promise<void> {
  await trx
    .insertInto('organization_invitations')
    .values({
      id: row.id,
      inviter_id: row.inviterId,
      invitee: row.invitee,
      organization_id: row.organizationId,
      expires_at: row.expiresAt,
    })
    .execute();
  if (roleIds.length === 0) return;
  await sql`
    INSERT INTO organization_invitation_roles (organization_invitation_id, organization_role_id)
    SELECT ${row.id}, r.id FROM unnest(${roleIds}::text[]) AS r(id)
  `.execute(trx);
}

export async function deleteInvitation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('organization_invitations').where('id', '=', id).execute();
}

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('organization_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends: two concurrent status changes cannot both pass. */
export async function lockInvitation(trx: Trx, id: string): Promise<InvitationRow | undefined> {
  return trx
    .selectFrom('organization_invitations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setInvitationStatus(
  trx: Trx,
  id: string,
  status: InvitationStatus,
  acceptedUserId: string | null,
): Promise<InvitationRow> {
  return trx
    .updateTable('organization_invitations')
    .set({ status, accepted_user_id: acceptedUserId, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function rolesOfInvitations(
  db: Db,
  invitationIds: readonly string[],
): Promise<{ invitationId: string; id: string; name: string }[]> {
  if (invitationIds.length === 0) return [];
  return db
    .selectFrom('organization_invitation_roles as ir')
    .innerJoin('organization_roles as r', 'r.id', 'ir.organization_role_id')
    .select(['ir.organization_invitation_id as invitationId', 'r.id', 'r.name'])
    .where('ir.organization_invitation_id', 'in', invitationIds)
    .orderBy('r.name')
    .execute();
}

export interface InvitationFilter {
  organizationId?: string;
  inviterId?: string;
  invitee?: string;
}

export async function listInvitations(
  db: Db,
  filter: InvitationFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: InvitationRow[] }> {
  let query = db.selectFrom('organization_invitations');
  if (filter.organizationId) query = query.where('organization_id', '=', filter.organizationId);
  if (filter.inviterId) query = query.where('inviter_id', '=', filter.inviterId);
  if (filter.invitee) query = query.where(sql<string>`lower(invitee)`, '=', filter.invitee.toLowerCase());
  return pageWithTotal(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), {
    limit,
    offset,
  });
}

export async function findUserEmail(db: Db, userId: string): Promise<{ email: string | null } | undefined> {
  return db.selectFrom('users').select('primary_email as email').where('id', '=', userId).executeTakeFirst();
}

/** Whether a user whose primary e-mail is `email` is already a member of the organization. */
export async function emailIsMember(db: Db, organizationId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('organization_users as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .select('u.id')
    .where('ou.organization_id', '=', organizationId)
    .where(sql<string>`lower(u.primary_email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
