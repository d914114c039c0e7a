import type { Db } from '../storage/database.js';
import { pendingMigrations } from '../storage/migrate.js';

export type Readiness = { ready: true } | { ready: false; reason: string; message: string };

// A database that does not answer within this is as good as gone for a load balancer.
const checkTimeoutMs = 2000;

/** Ready when the database answers and every migration this code knows is applied. */
export async function checkReadiness(db: Db, stopping: boolean): Promise<Readiness> {
  if (stopping) return { ready: false, reason: 'stopping', message: 'The instance is shutting down.' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), checkTimeoutMs);
  });
  try {
    // Reading the migration table is the round trip that proves the database answers.
    const pending = await Promise.race([pendingMigrations(db), timeout]);
    if (pending === 'timeout') {
      return { ready: false, reason: 'database.timeout', message: 'The database did not answer in time.' };
    }
    if (pending.length > 0) {
      return {
        ready: false,
        reason: 'database.migrations_pending',
        message: `Migrations not applied: ${pending.join(', ')}.`,
      };
    }
    return { ready: true };
  } catch {
    return { ready: false, reason: 'database.unavailable', message: 'The database is unavailable.' };
  } finally {
    clearTimeout(timer);
  }
}
