import { sql } from 'kysely';
import { asyncCommit } from './async-commit.js';
import type { Clock } from './clock.js';
import type { Db } from './database.js';

// A crashed instance's row is forgotten after a day; until then operators can see it died.
const forgetAfterSeconds = 24 * 3600;

/**
 * Beats this instance's heartbeat by the database's clock (so instances judge each other by one
 * clock), writing its row again if it was forgotten. Committed without the WAL flush: a beat lost
 * in a crash of the database server is only a beat missed.
 */
export async function beatHeartbeat(db: Db, id: string, clock: Clock): Promise<void> {
  const now = clock.sqlNow();
  await sql`
    WITH forgotten AS (
      DELETE FROM instances WHERE heartbeat_at < ${now} - make_interval(secs => ${forgetAfterSeconds})
    )
    INSERT INTO instances (id, started_at, heartbeat_at)
    SELECT ${id}, ${now}, ${now} WHERE ${asyncCommit(db)}
    ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at
  `.execute(db);
}

/** A clean stop: the rows this instance still holds may be taken over at once. */
export async function removeInstance(db: Db, id: string): Promise<void> {
  await db.deleteFrom('instances').where('id', '=', id).execute();
}
