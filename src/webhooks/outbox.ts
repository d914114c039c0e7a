import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { HookEvent } from './event-names.js';

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
 */
export async function enqueueEvents(
  _trx: Transaction<Database>,
  _context: TriggerContext,
  _events: PendingEvent[],
): Promise<void> {
  // Implemented by the webhook delivery work (issue 4).
}
