import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { accountContext } from '../account/account.service.js';
import type { AccountCaller } from '../account/account-auth.js';
import { apiError } from '../http/error-registry.js';
import type { EventSink } from '../webhooks/mutation.js';
import type { Database } from '../storage/schema.js';
import { changeIdentities, getUser } from '../users/users.service.js';
import type { PendingEvent } from '../webhooks/payload.js';
import { findUserBySocialIdentity, lockRemoteIdentity } from './federated-verifications.repository.js';

type Trx = Transaction<Database>;

export const identityNotFound = (target: string) => apiError('user.identity_not_exist', { target });

/** Removes `identities[target]` (`User.Data.Updated`); 404 when the user has none of it. */
export async function unlinkIdentity(trx: Trx, events: EventSink, userId: string, target: string) {
  const user = await getUser(trx, userId);
  if (!(target in user.identities)) throw identityNotFound(target);
  const updated = await changeIdentities(trx, events, userId, (identities) => {
    const { [target]: _removed, ...rest } = identities;
    return rest;
  });
  return updated.identities;
}

/**
 * Insert-or-replace of a social identity; another account may not hold it. Without `replace` (the
 * Account API's `POST`) the user may not have one of the target yet, judged on the locked row.
 */
export async function linkIdentity(
  trx: Trx,
  events: EventSink,
  userId: string,
  target: string,
  identity: { userId: string; details: Record<string, unknown> },
  { replace = true }: { replace?: boolean } = {},
) {
  await getUser(trx, userId);
  await lockRemoteIdentity(trx, `social:${target}:${identity.userId}`);
  const holder = await findUserBySocialIdentity(trx, target, identity.userId);
  if (holder && holder.id !== userId) {
    throw apiError('user.identity_already_in_use');
  }
  const updated = await changeIdentities(trx, events, userId, (identities) => {
    if (!replace && target in identities) throw apiError('user.identity_already_in_use#own_target');
    return { ...identities, [target]: identity };
  });
  return updated.identities;
}

/** The Account API's unlink, with the Account API context on its event. */
export async function unlinkOwnIdentity(request: FastifyRequest, caller: AccountCaller, target: string) {
  const { db, deliveries } = request.server.services;
  const outbox = deliveries.outbox();
  await db.transaction().execute(async (trx) => {
    const pending: PendingEvent[] = [];
    await unlinkIdentity(
      trx,
      { emit: (event, payload) => pending.push({ event, payload }) },
      caller.userId,
      target,
    );
    await outbox.write(trx, accountContext(request, caller), pending);
  });
  outbox.committed();
}
