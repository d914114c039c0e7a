import type { Transaction } from 'kysely';
import type { ApiError } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Database } from '../storage/schema.js';
import type { RoleType } from '../storage/tables/core.js';
import { getUser } from '../users/users.service.js';
import { getApplication } from './applications.service.js';
import { requireAll } from './conflicts.js';
import { keepAnAdministrator } from './last-administrator.js';
import * as assignments from './role-assignments.repository.js';
import { findRoles } from './roles.repository.js';
import { CONSOLE_ROLE_ID } from './seed.js';

type Trx = Transaction<Database>;

export interface AssignedRoles {
  roleIds: string[];
  addedRoleIds: string[];
}

// Logto answers a missing relation row with `entity.not_found`, a missing entity with `…not_exists_with_id`.
const notHeld = (holder: string) => apiError('entity.not_found#role_holder', { holder });

export const userRoleTypeError = () => apiError('user.invalid_role_type');
export const applicationRoleTypeError = () => apiError('application.invalid_role_type');
export const notMachineToMachine = () => apiError('application.invalid_type');

/** Every listed role, all of `type`; otherwise nothing is assigned and the error names the problem. */
async function requireRolesOfType(trx: Trx, roleIds: string[], type: RoleType, wrongType: ApiError) {
  const roles = await requireAll('role', roleIds, (ids) => findRoles(trx, ids));
  if (roles.some((role) => role.type !== type)) throw wrongType;
  return roles.map((role) => role.id);
}

/** Adds roles to a user; roles already held are kept and not reported as added (as Logto). */
export async function assignUserRoles(trx: Trx, userId: string, roleIds: string[]): Promise<AssignedRoles> {
  await getUser(trx, userId);
  const ids = await requireRolesOfType(trx, roleIds, 'User', userRoleTypeError());
  return { roleIds: ids, addedRoleIds: await assignments.addUserRoles(trx, userId, ids) };
}

/** PUT semantics: the user ends up holding exactly the listed user roles (none when empty). */
export async function replaceUserRoles(
  trx: Trx,
  userId: string,
  roleIds: string[],
): Promise<{ roleIds: string[] }> {
  await getUser(trx, userId);
  const ids = roleIds.length === 0 ? [] : await requireRolesOfType(trx, roleIds, 'User', userRoleTypeError());
  if (!ids.includes(CONSOLE_ROLE_ID)) await keepAnAdministrator(trx, userId);
  await assignments.removeUserRolesExcept(trx, userId, ids);
  await assignments.addUserRoles(trx, userId, ids);
  return { roleIds: ids };
}

export async function unassignUserRole(trx: Trx, userId: string, roleId: string): Promise<void> {
  await getUser(trx, userId);
  if (roleId === CONSOLE_ROLE_ID) await keepAnAdministrator(trx, userId);
  if (!(await assignments.removeUserRole(trx, userId, roleId))) throw notHeld('user');
}

/** Only machine-to-machine applications hold roles; their client_credentials tokens carry those scopes. */
export async function assignApplicationRoles(
  trx: Trx,
  applicationId: string,
  roleIds: string[],
): Promise<AssignedRoles> {
  const app = await getApplication(trx, applicationId);
  if (app.type !== 'MachineToMachine') {
    throw notMachineToMachine();
  }
  const ids = await requireRolesOfType(trx, roleIds, 'MachineToMachine', applicationRoleTypeError());
  return { roleIds: ids, addedRoleIds: await assignments.addApplicationRoles(trx, applicationId, ids) };
}

/** PUT semantics for a machine-to-machine application: exactly the listed roles afterwards. */
export async function replaceApplicationRoles(trx: Trx, applicationId: string, roleIds: string[]) {
  const app = await getApplication(trx, applicationId);
  if (app.type !== 'MachineToMachine') throw notMachineToMachine();
  const ids =
    roleIds.length === 0
      ? []
      : await requireRolesOfType(trx, roleIds, 'MachineToMachine', applicationRoleTypeError());
  await assignments.removeApplicationRolesExcept(trx, applicationId, ids);
  await assignments.addApplicationRoles(trx, applicationId, ids);
  return { roleIds: ids };
}

export async function unassignApplicationRole(
  trx: Trx,
  applicationId: string,
  roleId: string,
): Promise<void> {
  const app = await getApplication(trx, applicationId);
  if (app.type !== 'MachineToMachine') throw notMachineToMachine();
  if (!(await assignments.removeApplicationRole(trx, applicationId, roleId))) throw notHeld('application');
}
