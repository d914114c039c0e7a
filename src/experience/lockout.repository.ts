import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';

export interface LockoutSettings {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** `counted`: below the limit; `locked`: this failure took the lock; `already-locked`: not counted. */
export type FailureOutcome = 'counted' | 'locked' | 'already-locked';

/**
 * Counts one failed verification in one statement. The upsert locks the identifier's row, so
 * concurrent failures on any instance are counted one after the other: exactly one of them
 * reaches the limit and sets `locked_until` (and so fires the event); failures while locked are
 * not counted. A failure after the window or after an expired lock starts a new count.
 */
export async function countFailure(
  db: Db,
  { type, value }: InteractionIdentifier,
  settings: LockoutSettings,
): Promise<FailureOutcome> {
  const lock = sql`now() + make_interval(secs => ${settings.lockSeconds}::int)`;
  const fresh = sql`(l.locked_until IS NOT NULL
    OR l.window_started_at <= now() - make_interval(secs => ${settings.windowSeconds}::int))`;
  const next = sql`CASE WHEN ${fresh} THEN 1 ELSE l.failures + 1 END`;
  const { rows } = await sql<{ locked_until: Date | null }>`
    INSERT INTO identifier_lockouts AS l
      (identifier_type, identifier_value, failures, window_started_at, locked_until)
    VALUES (${type}, ${value}, 1, now(), CASE WHEN 1 >= ${settings.maxFailures}::int THEN ${lock} END)
    ON CONFLICT (identifier_type, identifier_value) DO UPDATE SET
      failures = ${next},
      window_started_at = CASE WHEN ${fresh} THEN now() ELSE l.window_started_at END,
      locked_until = CASE WHEN ${next} >= ${settings.maxFailures}::int THEN ${lock} END
    WHERE l.locked_until IS NULL OR l.locked_until <= now()
    RETURNING locked_until
  `.execute(db);
  const row = rows[0];
  if (!row) return 'already-locked';
  return row.locked_until ? 'locked' : 'counted';
}

export async function isLocked(db: Db, { type, value }: InteractionIdentifier): Promise<boolean> {
  const row = await db
    .selectFrom('identifier_lockouts')
    .select('identifier_type')
    .where('identifier_type', '=', type)
    .where('identifier_value', '=', value)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A success ends the run of failures; it never lifts a lock (a locked attempt is refused first). */
export async function clearFailures(db: Db, { type, value }: InteractionIdentifier): Promise<void> {
  await db
    .deleteFrom('identifier_lockouts')
    .where('identifier_type', '=', type)
    .where('identifier_value', '=', value)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .execute();
}

export async function deleteStaleLockouts(db: Db, windowSeconds: number): Promise<void> {
  await sql`
    DELETE FROM identifier_lockouts
    WHERE coalesce(locked_until, window_started_at + make_interval(secs => ${windowSeconds}::int)) < now()
  `.execute(db);
}
