import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Database } from '../storage/schema.js';
import { notRelated, requireMembership } from './errors.js';
import { assertIdsExist } from './known-ids.js';
import {
  deleteMemberRole,
  deleteMemberRolesExcept,
  insertMemberRoles,
  nonMembers,
} from './member-roles.repository.js';
import { nonMachineApplications } from './member-access.repository.js';
import type { MemberKind } from './members.repository.js';
import { rolesNotOfType } from './named-entities.repository.js';
import { lockOrganization } from './organizations.repository.js';
import { resolveRoleIds, type RoleReferences } from './role-references.js';

/*
 * Organization roles of members (users, or machine-to-machine applications). The specification
 * names no event for these changes, so none is emitted; the writes still run in one transaction
 * behind the organization's row lock.
 */

type Trx = Transaction<Database>;

const notMachineToMachine = (ids: readonly string[]) =>
  apiError('application.invalid_type#organization_roles', { applicationIds: ids });

/** Locks the organization, checks the members and the roles; returns the role ids without repeats. */
async function prepare(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberIds: readonly string[],
  refs: RoleReferences,
) {
  if (!(await lockOrganization(trx, organizationId))) throw notFound('organization', organizationId);
  if (kind === 'application') {
    await assertIdsExist(trx, 'applications', memberIds);
    const others = await nonMachineApplications(trx, memberIds);
    if (others.length > 0) throw notMachineToMachine(others);
  }
  const outside = await nonMembers(trx, kind, organizationId, memberIds);
  if (outside.length > 0) throw requireMembership(outside, organizationId);
  const roleIds = await resolveRoleIds(trx, refs);
  const mistyped = await rolesNotOfType(trx, roleIds, kind === 'user' ? 'User' : 'MachineToMachine');
  if (mistyped.length > 0) throw roleTypeMismatch(kind, mistyped);
  return roleIds;
}

/** Logto refuses such a row in its database (a check constraint): 422 `entity.db_constraint_violated`. */
const roleTypeMismatch = (kind: MemberKind, roleIds: readonly string[]) =>
  apiError('entity.db_constraint_violated#organization_role_type', {
    roleIds,
    expected: kind === 'user' ? 'User' : 'MachineToMachine',
  });

/** POST: adds every role to every member; pairs already there are left alone. */
export async function addMemberRoles(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberIds: readonly string[],
  refs: RoleReferences,
): Promise<string[]> {
  const ids = [...new Set(memberIds)];
  const roleIds = await prepare(trx, kind, organizationId, ids, refs);
  await insertMemberRoles(trx, kind, organizationId, ids, roleIds);
  return roleIds;
}

/** PUT: the member's roles become exactly the ones referenced. */
export async function replaceMemberRoles(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberId: string,
  refs: RoleReferences,
): Promise<void> {
  const roleIds = await prepare(trx, kind, organizationId, [memberId], refs);
  await deleteMemberRolesExcept(trx, kind, organizationId, memberId, roleIds);
  await insertMemberRoles(trx, kind, organizationId, [memberId], roleIds);
}

export async function removeMemberRole(
  trx: Trx,
  kind: MemberKind,
  organizationId: string,
  memberId: string,
  roleId: string,
): Promise<void> {
  await prepare(trx, kind, organizationId, [memberId], {});
  if (!(await deleteMemberRole(trx, kind, organizationId, memberId, roleId))) {
    throw notRelated('organization role', roleId, memberId);
  }
}
