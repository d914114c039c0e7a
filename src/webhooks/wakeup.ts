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
