import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { notRelated, requireMembership } from './errors.js';
import { assertIdsExist } from './known-ids.js';
import {
  deleteUserRole,
  deleteUserRolesExcept,
  insertUserRoles,
  isMember,
} from './member-roles.repository.js';
import { lockOrganization } from './organizations.repository.js';

/*
 * Organization roles of a member. The specification names no event for these changes, so none is
 * emitted; the writes still run in one transaction behind the organization's row lock.
 */

type Trx = Transaction<Database>;

/** Locks the organization, checks the membership and the role ids; returns the ids without repeats. */
async function prepare(trx: Trx, organizationId: string, userId: string, requested: readonly string[]) {
  if (!(await lockOrganization(trx, organizationId))) throw notFound('organization', organizationId);
  if (!(await isMember(trx, organizationId, userId))) throw requireMembership(userId, organizationId);
  const roleIds = [...new Set(requested)];
  await assertIdsExist(trx, 'organization_roles', roleIds);
  return roleIds;
}

export async function addUserRoles(trx: Trx, organizationId: string, userId: string, requested: string[]) {
  const roleIds = await prepare(trx, organizationId, userId, requested);
  await insertUserRoles(trx, organizationId, userId, roleIds);
}

export async function replaceUserRoles(
  trx: Trx,
  organizationId: string,
  userId: string,
  requested: string[],
) {
  const roleIds = await prepare(trx, organizationId, userId, requested);
  await deleteUserRolesExcept(trx, organizationId, userId, roleIds);
  await insertUserRoles(trx, organizationId, userId, roleIds);
}

export async function removeUserRole(trx: Trx, organizationId: string, userId: string, roleId: string) {
  await prepare(trx, organizationId, userId, []);
  if (!(await deleteUserRole(trx, organizationId, userId, roleId))) {
    throw notRelated('organization role', roleId, userId);
  }
}
