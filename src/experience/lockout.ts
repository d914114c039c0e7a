import type { Services } from '../app.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { fireEvents, type TriggerContext } from '../webhooks/outbox.js';
import { verificationBlocked } from './errors.js';
import { normalizeIdentifier } from './identifiers.js';
import { clearFailures, countFailure, isLocked } from './lockout.repository.js';

/**
 * Consecutive failed verifications of one identifier (password or code, any flow, any instance)
 * lock it: further attempts are refused, right secret or not, until the lock expires.
 */
export async function assertNotLocked(services: Services, identifier: InteractionIdentifier): Promise<void> {
  if (await isLocked(services.db, normalizeIdentifier(identifier))) throw verificationBlocked();
}

/**
 * Counts a failure. Returns the error to answer with: the lockout error once locked (the failure
 * that takes the lock fires `Identifier.Lockout`, exactly once per lock), otherwise `failure`.
 */
export async function failedVerification(
  services: Services,
  identifier: InteractionIdentifier,
  context: TriggerContext,
  failure: Error,
): Promise<Error> {
  const normalized = normalizeIdentifier(identifier);
  const outcome = await countFailure(services.db, normalized, services.config.lockout);
  if (outcome === 'counted') return failure;
  if (outcome === 'locked') {
    await fireEvents(services.db, context, [
      { event: 'Identifier.Lockout', payload: { type: normalized.type, value: normalized.value } },
    ]);
  }
  return verificationBlocked();
}

export async function succeededVerification(
  services: Services,
  identifier: InteractionIdentifier,
): Promise<void> {
  await clearFailures(services.db, normalizeIdentifier(identifier));
}
