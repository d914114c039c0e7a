import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { notRelated, requireMembership, unknownIds } from './errors.js';
import {
  deleteUserRole,
  deleteUserRolesExcept,
  insertUserRoles,
  isMember,
} from './member-roles.repository.js';
import { lockOrganization, missingIds } from './organizations.repository.js';

/*
 * Organization roles of a member. The specification names no event for these changes, so none is
 * emitted; the writes still run in one transaction behind the organization's row lock.
 */

type Trx = Transaction<Database>;

async function prepare(trx: Trx, organizationId: string, userId: string, roleIds: readonly string[]) {
  if (!(await lockOrganization(trx, organizationId))) throw notFound('organization', organizationId);
  if (!(await isMember(trx, organizationId, userId))) throw requireMembership(userId, organizationId);
  const missing = await missingIds(trx, 'organization_roles', roleIds);
  if (missing.length > 0) throw unknownIds('organization_roles', missing);
}

export async function addUserRoles(trx: Trx, organizationId: string, userId: string, requested: string[]) {
  const roleIds = [...new Set(requested)];
  await prepare(trx, organizationId, userId, roleIds);
  await insertUserRoles(trx, organizationId, userId, roleIds);
}

export async function replaceUserRoles(
  trx: Trx,
  organizationId: string,
  userId: string,
  requested: string[],
) {
  const roleIds = [...new Set(requested)];
  await prepare(trx, organizationId, userId, roleIds);
  await deleteUserRolesExcept(trx, organizationId, userId, roleIds);
  await insertUserRoles(trx, organizationId, userId, roleIds);
}

export async function removeUserRole(trx: Trx, organizationId: string, userId: string, roleId: string) {
  await prepare(trx, organizationId, userId, []);
  if (!(await deleteUserRole(trx, organizationId, userId, roleId))) {
    throw notRelated('organization role', roleId, userId);
  }
}
