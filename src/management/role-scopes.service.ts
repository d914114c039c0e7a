import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { RoleType } from '../storage/tables/core.js';
import { toScopeEntity, type ScopeEntity } from '../webhooks/entities.js';
import {
  isManagementResource,
  isManagementRole,
  isManagementScope,
  requireAll,
  uniquely,
} from './conflicts.js';
import type { EventSink } from '../webhooks/mutation.js';
import { findResources } from './resources.repository.js';
import { toResourceResponse } from './resources.service.js';
import * as links from './role-scopes.repository.js';
import { findRole, type RoleRow } from './roles.repository.js';
import { findScopes, type ScopeRow } from './scopes.repository.js';

type Trx = Transaction<Database>;

/** Scopes as Logto lists a role's: each with its resource. */
export async function withResources(db: Db, scopes: ScopeRow[]) {
  const resources = await findResources(db, [...new Set(scopes.map((scope) => scope.resource_id))]);
  const byId = new Map(resources.map((resource) => [resource.id, toResourceResponse(resource)]));
  return scopes.map((scope) => ({ ...toScopeEntity(scope), resource: byId.get(scope.resource_id)! }));
}

export async function requireRole(trx: Trx, roleId: string): Promise<RoleRow> {
  const role = await findRole(trx, roleId);
  if (!role) throw notFound('role', roleId);
  return role;
}

/** Every listed scope, or a 404 naming the missing ones; management scopes only for M2M roles (as Logto). */
export async function requireScopesFor(trx: Trx, type: RoleType, scopeIds: string[]): Promise<ScopeRow[]> {
  const scopes = await requireAll('scope', scopeIds, (ids) => findScopes(trx, ids));
  if (type === 'User' && scopes.some((scope) => isManagementResource(scope.resource_id))) {
    throw apiError('role.management_api_scopes_not_assignable_to_user_role');
  }
  return scopes;
}

const scopeExists = (ids: string[]) => apiError('role.scope_exists', { scopeIds: ids });

/** Links scopes to a role and reports the role's full scope list as `Role.Scopes.Updated`. */
export async function addRoleScopes(
  trx: Trx,
  events: EventSink,
  role: RoleRow,
  scopeIds: string[],
  extra: { roleId?: string } = {},
): Promise<ScopeEntity[]> {
  const scopes = await requireScopesFor(trx, role.type, scopeIds);
  const already = await links.linkedScopeIds(
    trx,
    role.id,
    scopes.map((scope) => scope.id),
  );
  if (already.length > 0) throw scopeExists(already);
  await uniquely(
    'roles_scopes_pkey',
    () => scopeExists(scopeIds),
    () =>
      links.linkScopes(
        trx,
        role.id,
        scopes.map((scope) => scope.id),
      ),
  );
  const data = (await links.roleScopes(trx, role.id)).map(toScopeEntity);
  events.emit('Role.Scopes.Updated', { data, ...extra });
  return data;
}

export async function linkScopesToRole(trx: Trx, events: EventSink, roleId: string, scopeIds: string[]) {
  return addRoleScopes(trx, events, await requireRole(trx, roleId), scopeIds);
}

export async function unlinkScopeFromRole(trx: Trx, events: EventSink, roleId: string, scopeId: string) {
  await requireRole(trx, roleId);
  if (isManagementRole(roleId) && isManagementScope(scopeId)) {
    throw apiError('role.internal_role_violation#scope');
  }
  if (!(await links.unlinkScope(trx, roleId, scopeId))) throw notFound('scope of the role', scopeId);
  events.emit('Role.Scopes.Updated', { data: (await links.roleScopes(trx, roleId)).map(toScopeEntity) });
}
