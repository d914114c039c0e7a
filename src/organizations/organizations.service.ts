import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import type { EventSink } from '../webhooks/mutation.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import { organizationData, toOrganization } from './entities.js';
import {
  deleteOrganization,
  insertOrganization,
  updateOrganization,
  type OrganizationFields,
} from './organizations.repository.js';
import type { Organization } from './schemas.js';

type Trx = Transaction<Database>;

export async function createOrganization(
  trx: Trx,
  events: EventSink,
  fields: OrganizationFields & { name: string },
): Promise<Organization> {
  const row = await insertOrganization(trx, { id: newId(), ...fields });
  const organization = toOrganization(row);
  events.emit('Organization.Created', { data: organizationData(organization) });
  return organization;
}

export async function patchOrganization(
  trx: Trx,
  events: EventSink,
  id: string,
  fields: OrganizationFields,
): Promise<Organization> {
  const row = await updateOrganization(trx, id, fields);
  if (!row) throw notFound('organization', id);
  const organization = toOrganization(row);
  events.emit('Organization.Data.Updated', { data: organizationData(organization) });
  return organization;
}

export async function removeOrganization(trx: Trx, events: EventSink, id: string): Promise<void> {
  if (!(await deleteOrganization(trx, id))) throw notFound('organization', id);
  events.emit('Organization.Deleted', { data: null });
}
