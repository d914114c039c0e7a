import type { Db } from '../storage/database.js';
import type { ClaimedDelivery, DirectLease } from './deliveries.repository.js';

/**
 * In-process wake-up of the delivery workers right after a commit that wrote deliveries, so local
 * latency does not wait for the next poll. Rows written by other instances are found by polling.
 */
const listeners = new Set<() => void>();

export function onDeliveriesEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that enqueued has committed (before, the rows are not visible). */
export function nudgeDeliveries(): void {
  for (const listener of listeners) listener();
}

/** A worker that sends the rows its own instance writes without claiming them. */
export interface DirectTaker {
  /** The lease for rows written now, or undefined when it would not take them at once. */
  offer(): DirectLease | undefined;
  /** Rows written leased to it, committed, with the time its lease was counted from. */
  take(rows: ClaimedDelivery[], leasedAt: number): void;
}

// Keyed by the database handle: the worker of the instance whose pool wrote the rows.
const takers = new WeakMap<Db, DirectTaker>();

export function registerDirectTaker(db: Db, taker: DirectTaker): () => void {
  takers.set(db, taker);
  return () => {
    if (takers.get(db) === taker) takers.delete(db);
  };
}

export function directTaker(db: Db): DirectTaker | undefined {
  return takers.get(db);
}
