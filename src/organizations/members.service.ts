import type { Transaction } from 'kysely';
import { notFound } from '../http/errors.js';
import type { EventSink } from '../webhooks/mutation.js';
import type { Database } from '../storage/schema.js';
import { notRelated } from './errors.js';
import { assertIdsExist } from './known-ids.js';
import { membershipPayload, type MembershipTrigger } from './membership-delta.js';
import { deleteMember, deleteMembersExcept, insertMembers, type MemberKind } from './members.repository.js';
import { lockOrganization } from './organizations.repository.js';

type Trx = Transaction<Database>;

const kinds = {
  user: { table: 'users', added: 'addedUserIds', removed: 'removedUserIds', prefix: 'users' },
  application: {
    table: 'applications',
    added: 'addedApplicationIds',
    removed: 'removedApplicationIds',
    prefix: 'applications',
  },
} as const;

/**
 * Locks the organization (404 when unknown) and refuses ids that name nothing, before any write;
 * returns the ids without repeats.
 */
async function prepare(trx: Trx, kind: MemberKind, organizationId: string, requested: readonly string[]) {
  if (!(await lockOrganization(trx, organizationId))) throw notFound('organization', organizationId);
  const ids = [...new Set(requested)];
  await assertIdsExist(trx, kinds[kind].table, ids);
  return ids;
}

function emit(events: EventSink, organizationId: string, trigger: MembershipTrigger, delta: object) {
  events.emit('Organization.Membership.Updated', membershipPayload(organizationId, trigger, delta));
}

/** POST: adds; members already there are left alone and are not part of the delta. */
export async function addMembers(
  trx: Trx,
  events: EventSink,
  kind: MemberKind,
  organizationId: string,
  requested: readonly string[],
): Promise<void> {
  const ids = await prepare(trx, kind, organizationId, requested);
  const added = await insertMembers(trx, kind, organizationId, ids);
  emit(events, organizationId, `${kinds[kind].prefix}.add`, { [kinds[kind].added]: added });
}

/** PUT: the membership becomes exactly `requested`; the delta is what actually changed. */
export async function replaceMembers(
  trx: Trx,
  events: EventSink,
  kind: MemberKind,
  organizationId: string,
  requested: readonly string[],
): Promise<void> {
  const ids = await prepare(trx, kind, organizationId, requested);
  const removed = await deleteMembersExcept(trx, kind, organizationId, ids);
  const added = await insertMembers(trx, kind, organizationId, ids);
  emit(events, organizationId, `${kinds[kind].prefix}.replace`, {
    [kinds[kind].added]: added,
    [kinds[kind].removed]: removed,
  });
}

/** DELETE of one member; 404 when it is not a member. */
export async function removeMember(
  trx: Trx,
  events: EventSink,
  kind: MemberKind,
  organizationId: string,
  id: string,
): Promise<void> {
  if (!(await lockOrganization(trx, organizationId))) throw notFound('organization', organizationId);
  if (!(await deleteMember(trx, kind, organizationId, id))) throw notRelated(kind, id, organizationId);
  emit(events, organizationId, `${kinds[kind].prefix}.remove`, { [kinds[kind].removed]: [id] });
}
