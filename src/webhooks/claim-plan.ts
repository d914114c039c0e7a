/** How full this instance's queues are, and what the last claim found. */
export interface QueueLevels {
  /** Rows ready to send now (their hook has room in its window). */
  ready: number;
  /** Rows queued here in all. */
  queued: number;
  /** Concurrent sends of this instance (TESSERA_WEBHOOK_WORKERS). */
  slots: number;
  /** The most rows this instance keeps queued. */
  maxQueued: number;
  /** The most rows one claim takes. */
  claimSize: number;
  /** Whether the last claim came back full: more rows may be due. */
  mayHaveMore: boolean;
}

/**
 * What to claim next: the number of rows, or none. Rows are wanted while fewer than half a window
 * of sends is ready and the queues have room; a claim that came back short means the rest is not
 * due or belongs to hooks without room (which ask again once they have room), so claiming again
 * would find nothing.
 */
export function nextClaim(levels: QueueLevels): number | undefined {
  if (!levels.mayHaveMore || !wantsRows(levels)) return undefined;
  return Math.min(levels.claimSize, levels.maxQueued - levels.queued);
}

/** Whether the queues want more rows, whatever the last claim found. */
export function wantsRows({ ready, queued, slots, maxQueued }: QueueLevels): boolean {
  return ready < slots / 2 && queued < maxQueued;
}
