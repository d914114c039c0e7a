import type { Db } from './database.js';

interface Waiting<I, O> {
  item: I;
  settle(error: unknown, result?: O): void;
}

/**
 * Many concurrent requests' database work run together: the first item goes out at once, and the
 * items handed in while a run is under way go together in the next run (one statement, one commit
 * for all). Each caller waits for its own result, so nothing is answered before its part is
 * committed; a failed run fails each of its callers, unless `isolateFailures` runs them again alone.
 */
function groupRunner<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { maxItems, parallel, isolateFailures = false }: GroupOptions,
): (item: I) => Promise<O> {
  let waiting: Waiting<I, O>[] = [];
  let running = 0;
  const drain = async () => {
    running++;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxItems);
      waiting = waiting.slice(maxItems);
      try {
        const results = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.settle(undefined, results[index]));
      } catch (error) {
        const isolate = typeof isolateFailures === 'function' ? isolateFailures(error) : isolateFailures;
        if (isolate && batch.length > 1) await Promise.all(batch.map(runAlone));
        else
          for (const entry of batch) entry.settle(error ?? new Error('a grouped database statement failed'));
      }
    }
    running--;
  };
  const runAlone = async (entry: Waiting<I, O>) => {
    try {
      const [result] = await run([entry.item]);
      entry.settle(undefined, result);
    } catch (error) {
      entry.settle(error ?? new Error('a database statement failed'));
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({
        item,
        settle: (error, result) => (error === undefined ? resolve(result as O) : reject(error)),
      });
      if (running < parallel) void drain();
    });
}

export interface GroupOptions {
  /** The most items in one statement. */
  maxItems: number;
  /**
   * Statements in flight at once: while all are, new items wait and go together in the next. More
   * than one keeps a slow round trip (a busy database) from idling the instance.
   */
  parallel: number;
  /**
   * When one item can fail a whole group's statement (a row another request deleted meanwhile),
   * a failed group's items run again one by one, so one item's failure is never another's. A
   * function decides per failure (e.g. not when the outcome is unknown).
   */
  isolateFailures?: boolean | ((error: unknown) => boolean);
}

/** A group runner per database handle (each test's or instance's pool has its own). */
export function groupCommit<I, O>(
  run: (db: Db, items: I[]) => Promise<O[]>,
  options: GroupOptions = { maxItems: 256, parallel: 2 },
): (db: Db, item: I) => Promise<O> {
  const runners = new WeakMap<Db, (item: I) => Promise<O>>();
  return (db, item) => {
    let runner = runners.get(db);
    if (!runner) runners.set(db, (runner = groupRunner((items) => run(db, items), options)));
    return runner(item);
  };
}
