import type { Transaction } from 'kysely';
import { invalidInput, notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import { isManagementResource, uniquely } from './conflicts.js';
import * as repository from './resources.repository.js';
import type { CreateResourceInput, ResourceResponse, UpdateResourceInput } from './resources.schemas.js';

export function toResourceResponse(resource: repository.ResourceRow): ResourceResponse {
  return {
    id: resource.id,
    name: resource.name,
    indicator: resource.indicator,
    accessTokenTtl: resource.access_token_ttl,
    isDefault: resource.is_default,
    createdAt: resource.created_at.getTime(),
  };
}

const indicatorInUse = (indicator: string) => apiError('resource.resource_identifier_in_use', { indicator });

async function assertIndicatorFree(db: Db, indicator: string, exceptId?: string): Promise<void> {
  if (await repository.indicatorTaken(db, indicator, exceptId)) throw indicatorInUse(indicator);
}

/** Logto's rule: the management API and its scopes are fixed; every token to the API relies on them. */
export function assertNotManagementApi(resourceId: string): void {
  if (isManagementResource(resourceId)) {
    throw apiError('resource.cannot_modify_management_api');
  }
}

export async function getResource(db: Db, id: string): Promise<repository.ResourceRow> {
  const resource = await repository.findResource(db, id);
  if (!resource) throw notFound('resource', id);
  return resource;
}

export async function createResource(db: Db, input: CreateResourceInput): Promise<ResourceResponse> {
  await assertIndicatorFree(db, input.indicator);
  const resource = await uniquely(
    'resources_indicator_key',
    () => indicatorInUse(input.indicator),
    () =>
      repository.insertResource(db, {
        id: newId(),
        name: input.name,
        indicator: input.indicator,
        access_token_ttl: input.accessTokenTtl,
      }),
  );
  return toResourceResponse(resource);
}

export async function updateResource(
  trx: Transaction<Database>,
  id: string,
  input: UpdateResourceInput,
): Promise<ResourceResponse> {
  const current = await repository.lockResource(trx, id);
  if (!current) throw notFound('resource', id);
  assertNotManagementApi(id);
  // Tokens already issued name the indicator as their audience: it is fixed at creation.
  if (input.indicator !== undefined && input.indicator !== current.indicator) {
    throw invalidInput('The indicator of an API resource cannot change after creation.');
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.accessTokenTtl !== undefined ? { access_token_ttl: input.accessTokenTtl } : {}),
  };
  if (Object.keys(changes).length === 0) return toResourceResponse(current);
  return toResourceResponse(await repository.updateResource(trx, id, changes));
}

/** At most one resource is the default: setting one clears the flag on every other. */
export async function setDefaultResource(trx: Transaction<Database>, id: string, isDefault: boolean) {
  const current = await repository.lockResource(trx, id);
  if (!current) throw notFound('resource', id);
  assertNotManagementApi(id);
  if (isDefault) await repository.clearDefaultResources(trx);
  return toResourceResponse(await repository.updateResource(trx, id, { is_default: isDefault }));
}

/** Deleting a resource takes its scopes (and their role links) with it. */
export async function deleteResource(db: Db, id: string): Promise<void> {
  if (isManagementResource(id)) {
    throw apiError('resource.cannot_delete_management_api');
  }
  if (!(await repository.deleteResource(db, id))) throw notFound('resource', id);
}
