import type { Transaction } from 'kysely';
import { ApiError, notFound } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import type { RoleType } from '../storage/tables/core.js';
import { getUser } from '../users/users.service.js';
import { getApplication } from './applications.service.js';
import { requireAll } from './conflicts.js';
import * as assignments from './role-assignments.repository.js';
import { findRoles } from './roles.repository.js';

type Trx = Transaction<Database>;

export interface AssignedRoles {
  roleIds: string[];
  addedRoleIds: string[];
}

/** Every listed role, all of `type`; otherwise nothing is assigned and the error names the problem. */
async function requireRolesOfType(trx: Trx, roleIds: string[], type: RoleType, wrongType: ApiError) {
  const roles = await requireAll('role', roleIds, (ids) => findRoles(trx, ids));
  if (roles.some((role) => role.type !== type)) throw wrongType;
  return roles.map((role) => role.id);
}

/** Adds roles to a user; roles already held are kept and not reported as added (as Logto). */
export async function assignUserRoles(trx: Trx, userId: string, roleIds: string[]): Promise<AssignedRoles> {
  await getUser(trx, userId);
  const ids = await requireRolesOfType(
    trx,
    roleIds,
    'User',
    new ApiError(422, 'user.invalid_role_type', 'A machine-to-machine role cannot be assigned to a user.'),
  );
  return { roleIds: ids, addedRoleIds: await assignments.addUserRoles(trx, userId, ids) };
}

export async function unassignUserRole(trx: Trx, userId: string, roleId: string): Promise<void> {
  await getUser(trx, userId);
  if (!(await assignments.removeUserRole(trx, userId, roleId))) throw notFound('role of the user', roleId);
}

/** Only machine-to-machine applications hold roles; their client_credentials tokens carry those scopes. */
export async function assignApplicationRoles(
  trx: Trx,
  applicationId: string,
  roleIds: string[],
): Promise<AssignedRoles> {
  const app = await getApplication(trx, applicationId);
  if (app.type !== 'MachineToMachine') {
    throw new ApiError(
      422,
      'application.invalid_type',
      'Only machine-to-machine applications can have roles.',
    );
  }
  const ids = await requireRolesOfType(
    trx,
    roleIds,
    'MachineToMachine',
    new ApiError(422, 'application.invalid_role_type', 'A user role cannot be assigned to an application.'),
  );
  return { roleIds: ids, addedRoleIds: await assignments.addApplicationRoles(trx, applicationId, ids) };
}

export async function unassignApplicationRole(
  trx: Trx,
  applicationId: string,
  roleId: string,
): Promise<void> {
  await getApplication(trx, applicationId);
  if (!(await assignments.removeApplicationRole(trx, applicationId, roleId))) {
    throw notFound('role of the application', roleId);
  }
}
