import type { Kysely, Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { EventSink } from '../webhooks/mutation.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import { toInvitation } from './entities.js';
import { unknownIds } from './errors.js';
import {
  emailIsMember,
  findInvitation,
  findUserEmail,
  insertInvitation,
  lockInvitation,
  rolesOfInvitations,
  setInvitationStatus,
  type InvitationRow,
} from './invitations.repository.js';
import { assertIdsExist } from './known-ids.js';
import { insertUserRoles } from './member-roles.repository.js';
import { insertMembers } from './members.repository.js';
import { membershipPayload } from './membership-delta.js';
import { lockOrganization } from './organizations.repository.js';
import type { Invitation } from './invitations.schemas.js';

type Trx = Transaction<Database>;

export async function loadInvitation(db: Kysely<Database>, row: InvitationRow): Promise<Invitation> {
  return toInvitation(row, await rolesOfInvitations(db, [row.id]));
}

export async function createInvitation(
  trx: Trx,
  body: {
    inviterId?: string | null;
    invitee: string;
    organizationId: string;
    expiresAt: number;
    organizationRoleIds?: string[];
  },
): Promise<Invitation> {
  const roleIds = [...new Set(body.organizationRoleIds ?? [])];
  if (body.expiresAt <= Date.now()) {
    throw apiError('organization.expires_at_in_future');
  }
  if (!(await lockOrganization(trx, body.organizationId))) {
    throw unknownIds('organizations', [body.organizationId]);
  }
  if (body.inviterId && !(await findUserEmail(trx, body.inviterId)))
    throw unknownIds('users', [body.inviterId]);
  await assertIdsExist(trx, 'organization_roles', roleIds);
  if (await emailIsMember(trx, body.organizationId, body.invitee)) {
    throw apiError('organization.invitee_already_member');
  }
  const id = newId();
  await insertInvitation(
    trx,
    {
      id,
      inviterId: body.inviterId ?? null,
      invitee: body.invitee,
      organizationId: body.organizationId,
      expiresAt: new Date(body.expiresAt),
    },
    roleIds,
  );
  return loadInvitation(trx, (await findInvitation(trx, id))!);
}

/**
 * Pending → Accepted or Revoked, once. Accepting makes the user a member with the invitation's
 * roles and fires Organization.Membership.Updated; a user who is already a member gives no delta.
 */
export async function changeInvitationStatus(
  trx: Trx,
  events: EventSink,
  id: string,
  change: { status: 'Accepted' | 'Revoked'; acceptedUserId?: string | null },
): Promise<Invitation> {
  const unlocked = await findInvitation(trx, id);
  if (!unlocked) throw notFound('organization invitation', id);
  // The organization first, as membership writes lock it: a common lock order avoids deadlocks.
  await lockOrganization(trx, unlocked.organization_id);
  const row = await lockInvitation(trx, id);
  if (!row) throw notFound('organization invitation', id);
  const current = await loadInvitation(trx, row);
  if (current.status !== 'Pending') {
    throw apiError('organization.invitation_status_not_changeable', { status: current.status });
  }
  if (change.status === 'Revoked')
    return loadInvitation(trx, await setInvitationStatus(trx, id, 'Revoked', null));

  const userId = change.acceptedUserId;
  if (!userId) {
    throw apiError('organization.accepted_user_id_required');
  }
  const user = await findUserEmail(trx, userId);
  if (!user) throw unknownIds('users', [userId]);
  if (user.email?.toLowerCase() !== row.invitee.toLowerCase()) {
    throw apiError('organization.accepted_user_email_mismatch');
  }
  const added = await insertMembers(trx, 'user', row.organization_id, [userId]);
  await insertUserRoles(
    trx,
    row.organization_id,
    userId,
    current.organizationRoles.map((role) => role.id),
  );
  events.emit(
    'Organization.Membership.Updated',
    membershipPayload(row.organization_id, 'invitation.accept', { addedUserIds: added }),
  );
  return loadInvitation(trx, await setInvitationStatus(trx, id, 'Accepted', userId));
}
