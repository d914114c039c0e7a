import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { RoleType } from '../storage/tables/core.js';
import { toRoleEntity, type RoleEntity } from '../webhooks/entities.js';
import { isManagementRole, uniquely } from './conflicts.js';
import type { EventSink } from '../webhooks/mutation.js';
import { addRoleScopes, requireScopesFor } from './role-scopes.service.js';
import * as repository from './roles.repository.js';
import type { CreateRoleInput, UpdateRoleInput } from './roles.schemas.js';

type Trx = Transaction<Database>;

// A role's API body has exactly the members of the webhook Role entity.
export const toRoleResponse = toRoleEntity;

const nameInUse = (name: string) => apiError('role.name_in_use', { name });

// Default roles are handed to every new user, so only user roles can be default.
function assertDefaultFits(type: RoleType, isDefault: boolean | undefined): void {
  if (isDefault && type !== 'User') {
    throw apiError('role.default_role_must_be_user_role');
  }
}

export async function getRole(db: Db, id: string): Promise<repository.RoleRow> {
  const role = await repository.findRole(db, id);
  if (!role) throw notFound('role', id);
  return role;
}

export async function createRole(trx: Trx, events: EventSink, input: CreateRoleInput): Promise<RoleEntity> {
  assertDefaultFits(input.type, input.isDefault);
  if (await repository.roleNameTaken(trx, input.name)) throw nameInUse(input.name);
  // Validated before anything is written, so a bad scope id leaves no role behind either.
  if (input.scopeIds) await requireScopesFor(trx, input.type, input.scopeIds);
  const role = await uniquely(
    'roles_name_key',
    () => nameInUse(input.name),
    () =>
      repository.insertRole(trx, {
        id: newId(),
        name: input.name,
        description: input.description,
        type: input.type,
        is_default: input.isDefault,
      }),
  );
  events.emit('Role.Created', { data: toRoleEntity(role) });
  if (input.scopeIds) await addRoleScopes(trx, events, role, input.scopeIds, { roleId: role.id });
  return toRoleEntity(role);
}

export async function updateRole(trx: Trx, events: EventSink, id: string, input: UpdateRoleInput) {
  const current = await repository.lockRole(trx, id);
  if (!current) throw notFound('role', id);
  assertDefaultFits(current.type, input.isDefault);
  // The console role is a user role holding the management scope: as a default, every sign-up would administer.
  if (input.isDefault && isManagementRole(id)) throw apiError('role.internal_role_violation#default');
  const name = input.name !== undefined && input.name !== current.name ? input.name : undefined;
  if (name !== undefined && (await repository.roleNameTaken(trx, name, id))) throw nameInUse(name);
  const changes = {
    ...(name !== undefined ? { name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.isDefault !== undefined ? { is_default: input.isDefault } : {}),
  };
  const role =
    Object.keys(changes).length === 0
      ? current
      : await uniquely(
          'roles_name_key',
          () => nameInUse(name!),
          () => repository.updateRole(trx, id, changes),
        );
  events.emit('Role.Data.Updated', { data: toRoleEntity(role) });
  return toRoleEntity(role);
}

export async function deleteRole(trx: Trx, events: EventSink, id: string): Promise<void> {
  if (isManagementRole(id)) {
    throw apiError('role.internal_role_violation');
  }
  if (!(await repository.deleteRole(trx, id))) throw notFound('role', id);
  events.emit('Role.Deleted', { data: null });
}
