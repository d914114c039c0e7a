import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Config } from '../config.js';
import { spanContextOf } from '../operations/trace-parent.js';
import type { Clock } from '../storage/clock.js';
import type { AttemptRecord, ClaimedDelivery } from './deliveries.repository.js';
import { describeOutcome, nextState, stateColumns } from './delivery-state.js';
import type { Sender } from './http-sender.js';
import { signedRequest } from './outgoing.js';

/**
 * Sends one attempt of a claimed delivery and says what to record: its outcome and next state.
 * Each attempt is a span of its own trace, linked to the request that wrote the event; it names
 * the delivery, never the receiver's URL (which may hold a credential) or the body.
 */
export async function attemptDelivery(
  sender: Sender,
  settings: Config['webhooks'],
  row: ClaimedDelivery,
  clock: Clock,
  tracer: Tracer,
): Promise<AttemptRecord> {
  // Counted from the last redelivery, which restarts the schedule.
  const attempt = row.attempts - row.schedule_base + 1;
  const writer = spanContextOf(row.trace_parent);
  return tracer.startActiveSpan(
    'webhook.delivery_attempt',
    {
      kind: SpanKind.CLIENT,
      root: true,
      links: writer ? [{ context: writer }] : [],
      attributes: {
        'webhook.hook_id': row.hook_id,
        'webhook.delivery_id': row.id,
        'webhook.event': row.event,
        'webhook.attempt': row.attempts + 1,
      },
    },
    async (span) => {
      try {
        const target = { url: row.url, headers: row.headers, signingKey: row.signing_key };
        const outcome = await sender.send(signedRequest(target, row.id, row.body, settings.userAgent));
        const policy = { scheduleSeconds: settings.retryScheduleSeconds, maxRetryAfterSeconds: 86_400 };
        const { status, nextAttemptAt } = stateColumns(
          nextState(outcome, attempt, policy, new Date(clock.now())),
        );
        const described = describeOutcome(outcome);
        span.setAttribute('webhook.delivery_status', status);
        if (described.statusCode !== null)
          span.setAttribute('http.response.status_code', described.statusCode);
        if (status !== 'delivered') span.setStatus({ code: SpanStatusCode.ERROR });
        return { deliveryId: row.id, status, nextAttemptAt, durationMs: outcome.durationMs, ...described };
      } finally {
        span.end();
      }
    },
  );
}
