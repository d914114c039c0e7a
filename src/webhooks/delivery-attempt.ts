import type { Config } from '../config.js';
import type { Clock } from '../storage/clock.js';
import type { AttemptRecord, ClaimedDelivery } from './deliveries.repository.js';
import { describeOutcome, nextState, stateColumns } from './delivery-state.js';
import type { Sender } from './http-sender.js';
import { signedRequest } from './outgoing.js';

/** Sends one attempt of a claimed delivery and says what to record: its outcome and next state. */
export async function attemptDelivery(
  sender: Sender,
  settings: Config['webhooks'],
  row: ClaimedDelivery,
  clock: Clock,
): Promise<AttemptRecord> {
  const target = { url: row.url, headers: row.headers, signingKey: row.signing_key };
  const outcome = await sender.send(signedRequest(target, row.id, row.body, settings.userAgent));
  // Counted from the last redelivery, which restarts the schedule.
  const attempt = row.attempts - row.schedule_base + 1;
  const policy = { scheduleSeconds: settings.retryScheduleSeconds, maxRetryAfterSeconds: 86_400 };
  const { status, nextAttemptAt } = stateColumns(nextState(outcome, attempt, policy, new Date(clock.now())));
  return {
    deliveryId: row.id,
    status,
    nextAttemptAt,
    durationMs: outcome.durationMs,
    ...describeOutcome(outcome),
  };
}
