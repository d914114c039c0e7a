import { sql } from 'kysely';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import type { LockoutFactor } from '../storage/tables/experience.js';

export type { LockoutFactor };

export interface LockoutSettings {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * What a lock is kept on: the account an identifier resolves to (`user`, its id), so that no
 * spelling of it gets fresh guesses, or the folded identifier when nobody has it.
 */
export interface LockoutKey {
  type: 'user' | 'email' | 'phone' | 'username';
  value: string;
}

/**
 * Reserves one attempt at `factor` before the secret is checked, in one statement: the upsert
 * locks the factor's row, so concurrent attempts on any instance are counted one after the other
 * and at most `maxFailures` of them within a window are ever checked. A lock taken by any factor
 * of the key refuses every factor. Returns the attempt's number in the factor's window, or
 * undefined when it is refused (locked, or the limit already reserved). A reservation after the
 * window or after an expired lock starts a new count.
 */
export async function reserveAttempt(
  db: Db,
  clock: Clock,
  { type, value }: LockoutKey,
  factor: LockoutFactor,
  settings: LockoutSettings,
): Promise<number | undefined> {
  const now = clock.sqlNow();
  const fresh = sql`(l.locked_until IS NOT NULL
    OR l.window_started_at <= ${now} - make_interval(secs => ${settings.windowSeconds}::int))`;
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO identifier_lockouts AS l
      (identifier_type, identifier_value, factor, failures, window_started_at, locked_until)
    SELECT ${type}, ${value}, ${factor}, 1, ${now}, NULL
    WHERE NOT EXISTS (
      SELECT 1 FROM identifier_lockouts other
      WHERE other.identifier_type = ${type} AND other.identifier_value = ${value}
        AND other.locked_until > ${now}
    )
    ON CONFLICT (identifier_type, identifier_value, factor) DO UPDATE SET
      failures = CASE WHEN ${fresh} THEN 1 ELSE l.failures + 1 END,
      window_started_at = CASE WHEN ${fresh} THEN ${now} ELSE l.window_started_at END,
      locked_until = NULL
    WHERE (l.locked_until IS NULL OR l.locked_until <= ${now})
      AND (${fresh} OR l.failures < ${settings.maxFailures}::int)
    RETURNING failures
  `.execute(db);
  return rows[0]?.failures;
}

/** Locks the key after the factor's last allowed attempt failed; true for the call that took it. */
export async function takeLock(
  db: Db,
  clock: Clock,
  { type, value }: LockoutKey,
  factor: LockoutFactor,
  lockSeconds: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('identifier_lockouts')
    .set({ locked_until: sql<Date>`${clock.sqlNow()} + make_interval(secs => ${lockSeconds}::int)` })
    .where('identifier_type', '=', type)
    .where('identifier_value', '=', value)
    .where('factor', '=', factor)
    .where('locked_until', 'is', null)
    .returning('identifier_type')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Gives back a reservation whose check neither failed nor succeeded (an expired code, say). */
export async function releaseAttempt(
  db: Db,
  { type, value }: LockoutKey,
  factor: LockoutFactor,
): Promise<void> {
  await db
    .updateTable('identifier_lockouts')
    .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)` }))
    .where('identifier_type', '=', type)
    .where('identifier_value', '=', value)
    .where('factor', '=', factor)
    .where('locked_until', 'is', null)
    .execute();
}

/**
 * A success of a factor ends that factor's run of failures, and only that one: a right password
 * says nothing about guesses at the TOTP code. It never lifts a lock.
 */
export async function clearFailures(
  db: Db,
  clock: Clock,
  { type, value }: LockoutKey,
  factor: LockoutFactor,
): Promise<void> {
  await db
    .deleteFrom('identifier_lockouts')
    .where('identifier_type', '=', type)
    .where('identifier_value', '=', value)
    .where('factor', '=', factor)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', clock.sqlNow())]))
    .execute();
}

export async function deleteStaleLockouts(db: Db, windowSeconds: number): Promise<void> {
  await sql`
    DELETE FROM identifier_lockouts
    WHERE coalesce(locked_until, window_started_at + make_interval(secs => ${windowSeconds}::int)) < now()
  `.execute(db);
}

/** Lifts locks and forgets failure counts for these keys (an administrator's unblock). */
export async function deleteLockouts(db: Db, keys: LockoutKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .deleteFrom('identifier_lockouts')
    .where((eb) =>
      eb.or(
        keys.map(({ type, value }) =>
          eb.and([eb('identifier_type', '=', type), eb('identifier_value', '=', value)]),
        ),
      ),
    )
    .execute();
}
