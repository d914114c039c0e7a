import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import type { EventSink } from '../webhooks/mutation.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import { namedEntityData, toOrganizationScope } from './entities.js';
import {
  deleteNamed,
  insertNamed,
  nameTaken,
  updateNamed,
  type NamedTable,
} from './named-entities.repository.js';
import type { OrganizationScope } from './schemas.js';

type Trx = Transaction<Database>;

const labels: Record<NamedTable, string> = {
  organization_roles: 'organization role',
  organization_scopes: 'organization scope',
};

/** Names of roles and of scopes are unique: 422, as Logto answers. */
export async function assertNameFree(
  trx: Trx,
  table: NamedTable,
  name: string | undefined,
  exceptId?: string,
) {
  if (name !== undefined && (await nameTaken(trx, table, name, exceptId))) {
    throw apiError('entity.unique_integrity_violation#name', { label: labels[table], name });
  }
}

export async function createScope(
  trx: Trx,
  events: EventSink,
  fields: { name: string; description?: string | null },
): Promise<OrganizationScope> {
  await assertNameFree(trx, 'organization_scopes', fields.name);
  const row = await insertNamed(trx, 'organization_scopes', {
    id: newId(),
    name: fields.name,
    description: fields.description ?? null,
  });
  const scope = toOrganizationScope(row);
  events.emit('OrganizationScope.Created', { data: namedEntityData(scope) });
  return scope;
}

export async function patchScope(
  trx: Trx,
  events: EventSink,
  id: string,
  fields: { name?: string; description?: string | null },
): Promise<OrganizationScope> {
  await assertNameFree(trx, 'organization_scopes', fields.name, id);
  const row = await updateNamed(trx, 'organization_scopes', id, fields);
  if (!row) throw notFound('organization scope', id);
  const scope = toOrganizationScope(row);
  events.emit('OrganizationScope.Data.Updated', { data: namedEntityData(scope) });
  return scope;
}

export async function removeScope(trx: Trx, events: EventSink, id: string): Promise<void> {
  if (!(await deleteNamed(trx, 'organization_scopes', id))) throw notFound('organization scope', id);
  events.emit('OrganizationScope.Deleted', { data: null });
}
