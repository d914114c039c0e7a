import { sql } from 'kysely';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';

/**
 * Makes the rows leased by an instance that is not beating its heartbeat (silent for `deadAfterMs`,
 * or gone from `instances`) due now and unleased, so the next claim anywhere takes them instead of
 * waiting for their lease. Rows of a live instance are never touched, however long they wait.
 * Returns how many rows were released.
 */
export async function releaseLeasesOfSilentInstances(
  db: Db,
  deadAfterMs: number,
  clock: Clock,
): Promise<number> {
  const now = clock.sqlNow();
  const result = await sql`
    UPDATE hook_deliveries
    SET next_attempt_at = ${now}, lease_expires_at = NULL, leased_by = NULL, updated_at = now()
    WHERE leased_by IS NOT NULL AND status IN ('pending', 'retrying')
      AND leased_by NOT IN (
        SELECT id FROM instances WHERE heartbeat_at >= ${now} - make_interval(secs => ${deadAfterMs / 1000}::float8)
      )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
