import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { notRelated } from './errors.js';
import { assertIdsExist } from './known-ids.js';
import {
  deleteRoleResourceScope,
  deleteRoleResourceScopesExcept,
  insertRoleResourceScopes,
} from './role-resource-scopes.repository.js';
import { lockRole } from './role-scopes.repository.js';

/*
 * Resource scopes of an organization role. Neither Logto nor the specification's route table
 * names an event for them, so none is emitted (organization scopes keep their Scopes.Updated).
 */

type Trx = Transaction<Database>;

/** Locks the role (404 when unknown) and checks the scope ids; returns them without repeats. */
async function prepare(trx: Trx, roleId: string, requested: readonly string[]) {
  if (!(await lockRole(trx, roleId))) throw notFound('organization role', roleId);
  const scopeIds = [...new Set(requested)];
  await assertIdsExist(trx, 'scopes', scopeIds);
  return scopeIds;
}

export async function addRoleResourceScopes(trx: Trx, roleId: string, requested: readonly string[]) {
  await insertRoleResourceScopes(trx, roleId, await prepare(trx, roleId, requested));
}

export async function replaceRoleResourceScopes(trx: Trx, roleId: string, requested: readonly string[]) {
  const scopeIds = await prepare(trx, roleId, requested);
  await deleteRoleResourceScopesExcept(trx, roleId, scopeIds);
  await insertRoleResourceScopes(trx, roleId, scopeIds);
}

export async function removeRoleResourceScope(trx: Trx, roleId: string, scopeId: string) {
  if (!(await lockRole(trx, roleId))) throw notFound('organization role', roleId);
  if (!(await deleteRoleResourceScope(trx, roleId, scopeId))) {
    throw notRelated('resource scope', scopeId, roleId);
  }
}
