import type { DeliveryStatus } from '../storage/tables/webhooks.js';
import type { SendOutcome } from './http-sender.js';

/** Where a delivery stands after an attempt; stored as `status` (+ `next_attempt_at`). */
export type DeliveryState =
  | { status: 'pending'; at: Date }
  | { status: 'delivered' }
  | { status: 'retrying'; at: Date }
  | { status: 'failed' }
  | { status: 'disabled' };

export interface RetryPolicy {
  /** Delay before attempt n+1, in seconds; the first entry is the delay of the first attempt. */
  scheduleSeconds: number[];
  /** A `Retry-After` beyond this is capped. */
  maxRetryAfterSeconds: number;
  random?: () => number;
}

/**
 * The state after attempt number `attempt` (1-based, counted from the last (re)delivery).
 * 2xx delivers; 410 Gone disables the hook; a refused address is not retried; anything else is
 * retried on the schedule (with ±10% jitter, never before `Retry-After`) until it runs out.
 */
export function nextState(
  outcome: SendOutcome,
  attempt: number,
  policy: RetryPolicy,
  now = new Date(),
): DeliveryState {
  if (outcome.kind === 'response' && outcome.statusCode >= 200 && outcome.statusCode < 300) {
    return { status: 'delivered' };
  }
  if (outcome.kind === 'response' && outcome.statusCode === 410) return { status: 'disabled' };
  if (outcome.kind === 'error' && outcome.refused) return { status: 'failed' };
  const delay = policy.scheduleSeconds[attempt];
  if (delay === undefined) return { status: 'failed' };
  const jitter = 1 + ((policy.random ?? Math.random)() * 2 - 1) * 0.1;
  let delayMs = delay * 1000 * jitter;
  const retryAfter = outcome.kind === 'response' ? parseRetryAfter(outcome.retryAfter, now) : undefined;
  if (retryAfter !== undefined) {
    delayMs = Math.max(delayMs, Math.min(retryAfter, policy.maxRetryAfterSeconds * 1000));
  }
  return { status: 'retrying', at: new Date(now.getTime() + delayMs) };
}

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = new Date()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}

export function describeOutcome(outcome: SendOutcome): { statusCode: number | null; error: string | null } {
  if (outcome.kind === 'error') return { statusCode: null, error: outcome.error };
  const ok = outcome.statusCode >= 200 && outcome.statusCode < 300;
  const error = ok
    ? null
    : outcome.statusCode >= 300 && outcome.statusCode < 400
      ? `redirect (${outcome.statusCode}) not followed`
      : `endpoint responded with ${outcome.statusCode}`;
  return { statusCode: outcome.statusCode, error };
}

/** The column values of a state: the exhaustive switch is where a new state must be handled. */
export function stateColumns(state: DeliveryState): { status: DeliveryStatus; nextAttemptAt: Date | null } {
  switch (state.status) {
    case 'pending':
    case 'retrying':
      return { status: state.status, nextAttemptAt: state.at };
    case 'delivered':
    case 'failed':
    case 'disabled':
      return { status: state.status, nextAttemptAt: null };
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}
