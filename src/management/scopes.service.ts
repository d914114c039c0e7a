import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import { toScopeEntity, type ScopeEntity } from '../webhooks/entities.js';
import { uniquely } from './conflicts.js';
import type { EventSink } from '../webhooks/mutation.js';
import { assertNotManagementApi, getResource } from './resources.service.js';
import type { CreateScopeInput, UpdateScopeInput } from './resources.schemas.js';
import * as repository from './scopes.repository.js';

type Trx = Transaction<Database>;

// A scope's API body has exactly the members of the webhook Scope entity.
export const toScopeResponse = toScopeEntity;

const nameInUse = (name: string) => apiError('scope.name_exists', { name });
const uniqueName = 'scopes_resource_id_name_key';

async function getScope(trx: Trx, resourceId: string, scopeId: string): Promise<repository.ScopeRow> {
  await getResource(trx, resourceId);
  const scope = await repository.findScope(trx, resourceId, scopeId);
  if (!scope) throw notFound('scope', scopeId);
  return scope;
}

export async function createScope(
  trx: Trx,
  events: EventSink,
  resourceId: string,
  input: CreateScopeInput,
): Promise<ScopeEntity> {
  await getResource(trx, resourceId);
  assertNotManagementApi(resourceId);
  if (await repository.scopeNameTaken(trx, resourceId, input.name)) throw nameInUse(input.name);
  const scope = await uniquely(
    uniqueName,
    () => nameInUse(input.name),
    () =>
      repository.insertScope(trx, {
        id: newId(),
        resource_id: resourceId,
        name: input.name,
        description: input.description ?? '',
      }),
  );
  const entity = toScopeEntity(scope);
  events.emit('Scope.Created', { data: entity });
  return entity;
}

export async function updateScope(
  trx: Trx,
  events: EventSink,
  resourceId: string,
  scopeId: string,
  input: UpdateScopeInput,
): Promise<ScopeEntity> {
  const current = await getScope(trx, resourceId, scopeId);
  assertNotManagementApi(resourceId);
  const name = input.name !== undefined && input.name !== current.name ? input.name : undefined;
  if (name !== undefined && (await repository.scopeNameTaken(trx, resourceId, name, scopeId))) {
    throw nameInUse(name);
  }
  const changes = {
    ...(name !== undefined ? { name } : {}),
    ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
  };
  const scope =
    Object.keys(changes).length === 0
      ? current
      : await uniquely(
          uniqueName,
          () => nameInUse(name!),
          () => repository.updateScope(trx, scopeId, changes),
        );
  const entity = toScopeEntity(scope);
  events.emit('Scope.Data.Updated', { data: entity });
  return entity;
}

export async function deleteScope(trx: Trx, events: EventSink, resourceId: string, scopeId: string) {
  await getScope(trx, resourceId, scopeId);
  assertNotManagementApi(resourceId);
  await repository.deleteScope(trx, scopeId);
  events.emit('Scope.Deleted', { data: null });
}
