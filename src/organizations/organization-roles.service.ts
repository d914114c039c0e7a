import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import type { EventSink } from '../webhooks/mutation.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { OrganizationRoleType } from '../storage/tables/organizations.js';
import { organizationRoleData, toOrganizationRole } from './entities.js';
import { notRelated } from './errors.js';
import { assertIdsExist } from './known-ids.js';
import { deleteNamed, insertNamed, updateNamed } from './named-entities.repository.js';
import { assertNameFree } from './organization-scopes.service.js';
import {
  deleteRoleScope,
  deleteRoleScopesExcept,
  insertRoleScopes,
  lockRole,
} from './role-scopes.repository.js';
import { insertRoleResourceScopes } from './role-resource-scopes.repository.js';
import type { OrganizationRole } from './schemas.js';

type Trx = Transaction<Database>;

/** Created, then Scopes.Updated with `organizationRoleId` when scopes come with the role. */
export async function createRole(
  trx: Trx,
  events: EventSink,
  fields: {
    name: string;
    description?: string | null;
    organizationScopeIds?: string[];
    resourceScopeIds?: string[];
    type?: OrganizationRoleType;
  },
): Promise<OrganizationRole> {
  const scopeIds = [...new Set(fields.organizationScopeIds ?? [])];
  const resourceScopeIds = [...new Set(fields.resourceScopeIds ?? [])];
  await assertNameFree(trx, 'organization_roles', fields.name);
  await assertIdsExist(trx, 'organization_scopes', scopeIds);
  await assertIdsExist(trx, 'scopes', resourceScopeIds);
  const role = toOrganizationRole(
    await insertNamed(trx, 'organization_roles', {
      id: newId(),
      name: fields.name,
      description: fields.description ?? null,
      type: fields.type ?? 'User',
    }),
  );
  events.emit('OrganizationRole.Created', { data: organizationRoleData(role) });
  if (scopeIds.length > 0) {
    await insertRoleScopes(trx, role.id, scopeIds);
    events.emit('OrganizationRole.Scopes.Updated', { data: null, organizationRoleId: role.id });
  }
  await insertRoleResourceScopes(trx, role.id, resourceScopeIds);
  return role;
}

export async function patchRole(
  trx: Trx,
  events: EventSink,
  id: string,
  fields: { name?: string; description?: string | null; type?: OrganizationRoleType },
): Promise<OrganizationRole> {
  await assertNameFree(trx, 'organization_roles', fields.name, id);
  const row = await updateNamed(trx, 'organization_roles', id, fields);
  if (!row) throw notFound('organization role', id);
  const role = toOrganizationRole(row);
  events.emit('OrganizationRole.Data.Updated', { data: organizationRoleData(role) });
  return role;
}

export async function removeRole(trx: Trx, events: EventSink, id: string): Promise<void> {
  if (!(await deleteNamed(trx, 'organization_roles', id))) throw notFound('organization role', id);
  events.emit('OrganizationRole.Deleted', { data: null });
}

/** Locks the role (404 when unknown) and checks the scope ids; returns them without repeats. */
async function prepareScopes(trx: Trx, roleId: string, requested: readonly string[]) {
  if (!(await lockRole(trx, roleId))) throw notFound('organization role', roleId);
  const scopeIds = [...new Set(requested)];
  await assertIdsExist(trx, 'organization_scopes', scopeIds);
  return scopeIds;
}

export async function addRoleScopes(trx: Trx, events: EventSink, roleId: string, requested: string[]) {
  const scopeIds = await prepareScopes(trx, roleId, requested);
  await insertRoleScopes(trx, roleId, scopeIds);
  events.emit('OrganizationRole.Scopes.Updated', { data: null });
}

export async function replaceRoleScopes(trx: Trx, events: EventSink, roleId: string, requested: string[]) {
  const scopeIds = await prepareScopes(trx, roleId, requested);
  await deleteRoleScopesExcept(trx, roleId, scopeIds);
  await insertRoleScopes(trx, roleId, scopeIds);
  events.emit('OrganizationRole.Scopes.Updated', { data: null });
}

export async function removeRoleScope(trx: Trx, events: EventSink, roleId: string, scopeId: string) {
  if (!(await lockRole(trx, roleId))) throw notFound('organization role', roleId);
  if (!(await deleteRoleScope(trx, roleId, scopeId))) throw notRelated('organization scope', scopeId, roleId);
  events.emit('OrganizationRole.Scopes.Updated', { data: null });
}
