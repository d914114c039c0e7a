import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import { pruneIfDue, type PruneReport } from './retention.service.js';

// How often an instance asks whether the hourly pass is due: one cheap conditional UPDATE.
const checkEveryMs = 5 * 60 * 1000;

export interface RetentionSchedule {
  /** Runs the pass if it is due for the deployment; what the timer calls. */
  check(): Promise<PruneReport | null>;
  /** Resolves once the check running now (the one at start, say) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Asks at start and then every few minutes; the database decides which instance runs the pass. */
export function scheduleRetention(db: Db, retention: Config['retention'], log: Logger): RetentionSchedule {
  let running: Promise<PruneReport | null> | undefined;
  let stopped = false;
  const check = () =>
    (running ??= pruneIfDue(db, retention)
      .then((report) => {
        if (report) {
          const removedAny = Object.values(report).some((count) => count > 0);
          log[removedAny ? 'info' : 'debug']({ removed: report }, 'retention pass done');
        }
        return report;
      })
      .finally(() => (running = undefined)));
  const tick = () => {
    if (stopped) return;
    check().catch((error: unknown) => log.warn({ err: error }, 'retention pass failed; retried later'));
  };
  const timer = setInterval(tick, checkEveryMs).unref();
  tick();
  return {
    check,
    idle: async () => {
      await running?.catch(() => undefined);
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
