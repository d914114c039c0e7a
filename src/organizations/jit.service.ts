import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { PendingEvent } from '../webhooks/payload.js';
import { organizationsWithJitRoles, provisioningOrganizations } from './jit.repository.js';
import { insertUserRoles } from './member-roles.repository.js';
import { membershipPayload } from './membership-delta.js';
import { insertMembers } from './members.repository.js';
import { lockOrganization } from './organizations.repository.js';

/**
 * Makes a user with a verified e-mail of a provisioning domain a member of each organization
 * that lists the domain, with its JIT roles. One `Organization.Membership.Updated` per
 * organization actually joined; an existing member is left alone and fires nothing. The caller
 * writes the events with the Experience API context in the same transaction.
 */
export async function provisionByEmail(
  trx: Transaction<Database>,
  userId: string,
  email: string,
): Promise<PendingEvent[]> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return joinOrganizations(trx, userId, await provisioningOrganizations(trx, domain));
}

/** Joins the organizations a one-time token names, each with its JIT roles. */
export async function provisionByIds(
  trx: Transaction<Database>,
  userId: string,
  organizationIds: readonly string[],
): Promise<PendingEvent[]> {
  return joinOrganizations(trx, userId, await organizationsWithJitRoles(trx, organizationIds));
}

/**
 * The user joins each organization (with its JIT roles) it is not yet a member of; one
 * `Organization.Membership.Updated` per organization joined.
 */
export async function joinOrganizations(
  trx: Transaction<Database>,
  userId: string,
  targets: readonly { organizationId: string; roleIds: string[] }[],
): Promise<PendingEvent[]> {
  const events: PendingEvent[] = [];
  for (const { organizationId, roleIds } of targets) {
    if (!(await lockOrganization(trx, organizationId))) continue;
    const added = await insertMembers(trx, 'user', organizationId, [userId]);
    if (added.length === 0) continue;
    await insertUserRoles(trx, organizationId, userId, roleIds);
    // JIT may only add users: the same delta rule as a POST of members.
    events.push({
      event: 'Organization.Membership.Updated',
      payload: membershipPayload(organizationId, 'users.add', { addedUserIds: added }),
    });
  }
  return events;
}
