interface HookQueue<T> {
  rows: T[];
  inFlight: number;
  /** The last claim left some of its due rows in the database (it had no more room). */
  more: boolean;
}

/** What the next claim may take: hooks with no room are left out, the others take at most their room. */
export interface ClaimRoom {
  fullHookIds: string[];
  hookIds: string[];
  rooms: number[];
}

/**
 * Claimed rows waiting for a send, one queue per hook. At most `perHook` rows of one hook are in
 * flight, so a receiver that hangs until the timeout holds only its own share of the send slots;
 * hooks take turns for free slots, so a burst to one hook does not queue another behind it.
 * A hook holds at most `budget` rows here (in flight or queued); the rest stay in the database. A
 * hook with rows queued beyond its limit takes no claims; once down to its limit, a hook whose
 * rows were left behind asks for a claim, so a busy hook is refilled a window at a time.
 */
export class HookQueues<T extends { hook_id: string }> {
  private readonly hooks = new Map<string, HookQueue<T>>();
  private queuedCount = 0;

  constructor(
    private readonly perHook: number,
    readonly budget: number,
  ) {}

  get queued(): number {
    return this.queuedCount;
  }

  /** Queues the rows a claim given `room` returned, noting the hooks it may have left rows of. */
  push(rows: T[], room: ClaimRoom): void {
    const allowed = new Map(room.hookIds.map((hookId, i) => [hookId, room.rooms[i]!]));
    const taken = new Map<string, number>();
    for (const row of rows) {
      this.hookQueue(row.hook_id).rows.push(row);
      taken.set(row.hook_id, (taken.get(row.hook_id) ?? 0) + 1);
      this.queuedCount++;
    }
    for (const [hookId, count] of taken) {
      if (count >= (allowed.get(hookId) ?? this.budget)) this.hooks.get(hookId)!.more = true;
    }
    for (const hookId of room.fullHookIds) {
      const queue = this.hooks.get(hookId);
      if (queue) queue.more = true;
    }
  }

  /** The next row to send, hooks in turn; undefined when every queued hook is at its limit. */
  take(): T | undefined {
    for (const [hookId, queue] of this.hooks) {
      if (queue.rows.length === 0 || queue.inFlight >= this.perHook) continue;
      queue.inFlight++;
      this.queuedCount--;
      // To the back of the line: the next take starts with the other hooks.
      this.hooks.delete(hookId);
      this.hooks.set(hookId, queue);
      return queue.rows.shift();
    }
    return undefined;
  }

  /** A taken row's send is over; true when its hook wants a claim for the rows it left behind. */
  finished(hookId: string): boolean {
    const queue = this.hooks.get(hookId);
    if (!queue) return false;
    queue.inFlight--;
    const reopened = queue.more && this.load(queue) <= this.perHook;
    if (reopened) queue.more = false;
    if (queue.inFlight === 0 && queue.rows.length === 0) this.hooks.delete(hookId);
    return reopened;
  }

  /** Rows that could be sent at once if send slots were free. */
  ready(): number {
    let count = 0;
    for (const queue of this.hooks.values()) {
      count += Math.min(queue.rows.length, Math.max(0, this.perHook - queue.inFlight));
    }
    return count;
  }

  room(): ClaimRoom {
    const room: ClaimRoom = { fullHookIds: [], hookIds: [], rooms: [] };
    for (const [hookId, queue] of this.hooks) {
      const load = this.load(queue);
      if (load > this.perHook) room.fullHookIds.push(hookId);
      else {
        room.hookIds.push(hookId);
        room.rooms.push(this.budget - load);
      }
    }
    return room;
  }

  /** Drops the queued rows (their lease hands them to a later claim); in-flight counts stay. */
  clear(): void {
    for (const [hookId, queue] of this.hooks) {
      queue.rows = [];
      if (queue.inFlight === 0) this.hooks.delete(hookId);
    }
    this.queuedCount = 0;
  }

  private load(queue: HookQueue<T>): number {
    return queue.inFlight + queue.rows.length;
  }

  private hookQueue(hookId: string): HookQueue<T> {
    let queue = this.hooks.get(hookId);
    if (!queue) this.hooks.set(hookId, (queue = { rows: [], inFlight: 0, more: false }));
    return queue;
  }
}
