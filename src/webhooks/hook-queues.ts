import type { ClaimRoom } from './deliveries.repository.js';
import { SendWindows, type SendVerdict } from './send-window.js';

interface HookQueue<T> {
  rows: T[];
  inFlight: number;
  /** The last claim left some of its due rows in the database (it had no more room). */
  more: boolean;
}

/**
 * Claimed rows waiting for a send, one queue per hook. At most a hook's window (SendWindow) of its
 * rows is in flight, so a receiver that hangs holds only its own share of the send slots; hooks
 * take turns for free slots, so a burst to one hook does not queue another behind it. A hook holds
 * at most two windows of rows here; the rest stay in the database. A hook with rows queued beyond
 * its window takes no claims; once down to its window, a hook whose rows were left behind asks
 * for a claim, so a busy hook is refilled a window at a time.
 */
export class HookQueues<T extends { hook_id: string }> {
  private readonly hooks = new Map<string, HookQueue<T>>();
  private readonly windows: SendWindows;
  private queuedCount = 0;

  constructor(ceiling: number) {
    this.windows = new SendWindows(ceiling);
  }

  get queued(): number {
    return this.queuedCount;
  }

  /** Rows a claim may take of a hook this instance knows nothing about. */
  get budget(): number {
    return 2 * this.windows.initial;
  }

  /** The current window of a hook: how many of its sends may be in flight. */
  limit(hookId: string): number {
    return this.windows.limit(hookId);
  }

  /** Queues the rows a claim given `room` returned, noting the hooks it may have left rows of. */
  push(rows: T[], room: ClaimRoom): void {
    const allowed = new Map(room.hookIds.map((hookId, i) => [hookId, room.rooms[i]!]));
    this.add(rows);
    const taken = new Map<string, number>();
    for (const row of rows) taken.set(row.hook_id, (taken.get(row.hook_id) ?? 0) + 1);
    for (const [hookId, count] of taken) {
      if (count >= (allowed.get(hookId) ?? this.budget)) this.hooks.get(hookId)!.more = true;
    }
    for (const hookId of room.fullHookIds) {
      const queue = this.hooks.get(hookId);
      if (queue) queue.more = true;
    }
  }

  /** Queues rows, e.g. those leased to this instance as they were written (no claim, no room to note). */
  add(rows: T[]): void {
    for (const row of rows) this.hookQueue(row.hook_id).rows.push(row);
    this.queuedCount += rows.length;
  }

  /** The next row to send, hooks in turn; undefined when every queued hook is at its window. */
  take(): T | undefined {
    for (const [hookId, queue] of this.hooks) {
      if (queue.rows.length === 0 || queue.inFlight >= this.limit(hookId)) continue;
      queue.inFlight++;
      this.queuedCount--;
      // To the back of the line: the next take starts with the other hooks.
      this.hooks.delete(hookId);
      this.hooks.set(hookId, queue);
      return queue.rows.shift();
    }
    return undefined;
  }

  /**
   * A taken row's send is over (`verdict` adapts the hook's window; none for a row not sent); true
   * when its hook wants a claim for the rows it left behind.
   */
  finished(hookId: string, verdict?: SendVerdict): boolean {
    const queue = this.hooks.get(hookId);
    // Rows of the hook wait here or were left in the database: the window is what limits it.
    if (verdict)
      this.windows.record(hookId, verdict, queue !== undefined && (queue.more || queue.rows.length > 0));
    if (!queue) return false;
    queue.inFlight--;
    const reopened = queue.more && this.load(queue) <= this.limit(hookId);
    if (reopened) queue.more = false;
    if (queue.inFlight === 0 && queue.rows.length === 0) {
      this.hooks.delete(hookId);
      this.windows.idle(hookId);
    }
    return reopened;
  }

  /** Rows that could be sent at once if send slots were free. */
  ready(): number {
    let count = 0;
    for (const [hookId, queue] of this.hooks) {
      count += Math.min(queue.rows.length, Math.max(0, this.limit(hookId) - queue.inFlight));
    }
    return count;
  }

  /** Hooks with more than a window of rows here: their new rows wait in the database. */
  fullHookIds(): string[] {
    const full: string[] = [];
    for (const [hookId, queue] of this.hooks) if (this.load(queue) > this.limit(hookId)) full.push(hookId);
    return full;
  }

  room(): ClaimRoom {
    const room: ClaimRoom = { fullHookIds: [], hookIds: [], rooms: [] };
    for (const [hookId, window] of this.windows.entries()) {
      if (this.hooks.has(hookId)) continue;
      room.hookIds.push(hookId);
      room.rooms.push(2 * window.limit);
    }
    for (const [hookId, queue] of this.hooks) {
      const load = this.load(queue);
      const limit = this.limit(hookId);
      if (load > limit) {
        room.fullHookIds.push(hookId);
        continue;
      }
      room.hookIds.push(hookId);
      room.rooms.push(2 * limit - load);
    }
    return room;
  }

  /** Drops the queued rows (a later claim takes them once leased out); in-flight counts stay. */
  clear(): void {
    for (const [hookId, queue] of this.hooks) {
      queue.rows = [];
      if (queue.inFlight === 0) this.hooks.delete(hookId);
    }
    this.queuedCount = 0;
  }

  private load = (queue: HookQueue<T>) => queue.inFlight + queue.rows.length;

  private hookQueue(hookId: string): HookQueue<T> {
    let queue = this.hooks.get(hookId);
    if (!queue) this.hooks.set(hookId, (queue = { rows: [], inFlight: 0, more: false }));
    return queue;
  }
}
