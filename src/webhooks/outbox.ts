import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import { insertDeliveries } from './deliveries.repository.js';
import type { HookEvent } from './event-names.js';
import { payloadWithoutHookId } from './payload.js';
import { nudgeDeliveries } from './wakeup.js';

/** Where the triggering call came from; becomes the context members of every payload. */
export interface TriggerContext {
  ip?: string;
  userAgent?: string;
  /** Management interface context: path and matchedRoute without the /api prefix. */
  management?: {
    path: string;
    method: string;
    status: number;
    params: Record<string, string>;
    matchedRoute: string;
  };
  /** Experience API context. */
  experience?: {
    interactionEvent?: 'SignIn' | 'Register' | 'ForgotPassword';
    sessionId?: string;
    applicationId?: string;
  };
}

/** One event to fire: its name and its event-specific top-level members (e.g. `{ data }`). */
export interface PendingEvent {
  event: HookEvent;
  payload: Record<string, unknown>;
}

/**
 * Writes events into the outbox inside the caller's transaction, so a rolled-back change fires
 * nothing and a committed one is delivered even if the process dies right after the commit.
 * One statement whatever the number of events and subscribed hooks. The caller nudges the workers
 * after its commit (`nudgeDeliveries`); otherwise the next poll finds the rows.
 */
export async function enqueueEvents(
  trx: Transaction<Database>,
  context: TriggerContext,
  events: PendingEvent[],
): Promise<void> {
  await writeEvents(trx, context, events);
}

/**
 * Fires events outside a management request (Experience API, OIDC exceptions). Given the database
 * itself, the write commits at once and the workers are woken; given a transaction, the rows
 * commit with it and the caller calls `nudgeDeliveries()` after the commit.
 */
export async function fireEvents(
  executor: Kysely<Database>,
  context: TriggerContext,
  events: PendingEvent[],
): Promise<void> {
  const written = await writeEvents(executor, context, events);
  if (written > 0 && !executor.isTransaction) nudgeDeliveries();
}

async function writeEvents(
  executor: Kysely<Database>,
  context: TriggerContext,
  events: PendingEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const createdAt = new Date();
  return insertDeliveries(
    executor,
    events.map((pending) => ({
      event: pending.event,
      bodyWithoutHookId: payloadWithoutHookId(context, pending, createdAt),
    })),
  );
}

export { nudgeDeliveries };
