import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { EventSink } from '../webhooks/mutation.js';
import type { Database } from '../storage/schema.js';
import { apiError } from '../http/error-registry.js';
import { assertIdentifierFree } from '../experience/identity-checks.js';
import { normalizeIdentifier } from '../users/normalize-identifier.js';
import { underLockout } from '../lockout/lockout.js';
import { deliverMessage } from '../messages/connectors.js';
import { acceptedLanguages } from '../messages/localized-template.js';
import { guardSendLimit } from '../messages/send-limit.js';
import { verificationCodeMessage } from '../messages/templates.js';
import { checkCode, codeError, codeVerdict, createCode } from '../messages/verification-codes.js';
import { consumeVerifiedCode, findCode } from '../messages/verification-codes.repository.js';
import { newId } from '../storage/ids.js';
import { updateUser } from '../users/users.service.js';
import type { PendingEvent, TriggerContext } from '../webhooks/payload.js';
import type { AccountCaller } from './account-auth.js';

type CodeIdentifier = { type: 'email' | 'phone'; value: string };

/** Account API events carry the Experience API context of the token's application. */
export function accountContext(request: FastifyRequest, caller: AccountCaller): TriggerContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    experience: { applicationId: caller.applicationId },
  };
}

/**
 * A change of the user's own account in one transaction; the events it emits go out with the
 * Account API's context (the token's application).
 */
export async function changeAccount<T>(
  request: FastifyRequest,
  caller: AccountCaller,
  change: (trx: Transaction<Database>, events: EventSink) => Promise<T>,
): Promise<T> {
  const { db, deliveries } = request.server.services;
  const outbox = deliveries.outbox();
  const result = await db.transaction().execute(async (trx) => {
    const pending: PendingEvent[] = [];
    const value = await change(trx, { emit: (event, payload) => pending.push({ event, payload }) });
    await outbox.write(trx, accountContext(request, caller), pending);
    return value;
  });
  outbox.committed();
  return result;
}

const recordNotFound = () => apiError('verification_record.not_found#code');

/** Sends a code to an identifier the user wants to link; the end-user send limit applies. */
export async function sendAccountCode(request: FastifyRequest, caller: AccountCaller, raw: CodeIdentifier) {
  const services = request.server.services;
  const identifier = normalizeIdentifier(raw);
  await guardSendLimit(services, identifier.value, accountContext(request, caller));
  const id = newId();
  const code = await createCode(services.db, { id, purpose: 'Account', userId: caller.userId, identifier });
  await deliverMessage(
    services,
    verificationCodeMessage(identifier.type, identifier.value, 'LinkIdentifier', code),
    acceptedLanguages(request.headers['accept-language']),
  );
  return id;
}

export async function verifyAccountCode(
  request: FastifyRequest,
  caller: AccountCaller,
  input: { identifier: CodeIdentifier; verificationId: string; code: string },
) {
  const services = request.server.services;
  const identifier = normalizeIdentifier(input.identifier);
  const record = await findCode(services.db, input.verificationId);
  if (!record || record.purpose !== 'Account' || record.user_id !== caller.userId)
    throw codeError('not_found');
  if (record.identifier_type !== identifier.type || record.identifier_value !== identifier.value) {
    throw apiError(`verification_code.${identifier.type}_mismatch#account`);
  }
  await underLockout(
    services,
    { identifier, userId: undefined, factor: 'VerificationCode', context: accountContext(request, caller) },
    async () => codeVerdict(await checkCode(services.db, record.id, input.code)),
  );
  return record.id;
}

/** Links a verified e-mail or phone as the primary one: the record is consumed, `User.Data.Updated` fires. */
export async function linkPrimaryIdentifier(
  request: FastifyRequest,
  caller: AccountCaller,
  raw: CodeIdentifier,
  recordId: string,
) {
  const { db } = request.server.services;
  const identifier = normalizeIdentifier(raw);
  await assertIdentifierFree(db, identifier, caller.userId);
  await changeAccount(request, caller, async (trx, events) => {
    const where = { id: recordId, purpose: 'Account' as const, userId: caller.userId, identifier };
    if (!(await consumeVerifiedCode(trx, where))) throw recordNotFound();
    await updateUser(
      trx,
      events,
      caller.userId,
      identifier.type === 'email' ? { primaryEmail: identifier.value } : { primaryPhone: identifier.value },
    );
  });
}
