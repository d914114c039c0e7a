import type { Transaction } from 'kysely';
import { apiError } from '../http/error-registry.js';
import type { Database } from '../storage/schema.js';
import { requireAll } from './conflicts.js';
import {
  applicationRoleTypeError,
  notMachineToMachine,
  unassignApplicationRole,
  unassignUserRole,
  userRoleTypeError,
} from './role-assignments.service.js';
import * as repository from './role-members.repository.js';
import { getRole } from './roles.service.js';

type Trx = Transaction<Database>;

/** Logto's form: one role handed to several users; any of them holding it already refuses the lot. */
export async function addUsersToRole(trx: Trx, roleId: string, userIds: string[]): Promise<void> {
  const role = await getRole(trx, roleId);
  if (role.type !== 'User') throw userRoleTypeError();
  const ids = (await requireAll('user', userIds, (unique) => repository.findUserIds(trx, unique))).map(
    (user) => user.id,
  );
  const holder = await repository.firstUserHolding(trx, roleId, ids);
  if (holder !== undefined) {
    throw apiError('role.user_exists', { userId: holder });
  }
  await repository.addRoleUsers(trx, roleId, ids);
}

export async function addApplicationsToRole(trx: Trx, roleId: string, applicationIds: string[]) {
  const role = await getRole(trx, roleId);
  if (role.type !== 'MachineToMachine') throw applicationRoleTypeError();
  const apps = await requireAll('application', applicationIds, (unique) =>
    repository.findApplicationTypes(trx, unique),
  );
  if (apps.some((app) => app.type !== 'MachineToMachine')) throw notMachineToMachine();
  const ids = apps.map((app) => app.id);
  const holder = await repository.firstApplicationHolding(trx, roleId, ids);
  if (holder !== undefined) {
    throw apiError('role.application_exists', { applicationId: holder });
  }
  await repository.addRoleApplications(trx, roleId, ids);
}

/** 404 for an unknown role as well as for a user or application not holding it. */
export async function removeUserFromRole(trx: Trx, roleId: string, userId: string): Promise<void> {
  await getRole(trx, roleId);
  await unassignUserRole(trx, userId, roleId);
}

export async function removeApplicationFromRole(trx: Trx, roleId: string, applicationId: string) {
  await getRole(trx, roleId);
  await unassignApplicationRole(trx, applicationId, roleId);
}
