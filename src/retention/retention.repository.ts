import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../storage/database.js';

// Rows per statement: each batch is its own short transaction, so no lock is held for long.
const batchSize = 1000;
// A delivery carries up to a dozen attempts, deleted with it.
const deliveryBatchSize = 200;

/**
 * Deletes the rows of `table` matching `condition`, a batch per statement, until none is left.
 * The condition is checked again on the row deleted, so a row changed meanwhile stays.
 */
async function deleteInBatches(db: Db, table: string, condition: RawBuilder<unknown>): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM ${sql.table(table)}
      WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${sql.table(table)} WHERE ${condition} LIMIT ${batchSize}))
        AND ${condition}
    `.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    removed += count;
    if (count < batchSize) return removed;
  }
}

/** Sessions, interactions, codes, tokens and grants of oidc-provider past their expiry. */
export function deleteExpiredOidcModels(db: Db): Promise<number> {
  return deleteInBatches(db, 'oidc_model_instances', sql`expires_at < now()`);
}

/** Audit log entries older than `days`. */
export function deleteOldLogs(db: Db, days: number): Promise<number> {
  return deleteInBatches(db, 'logs', sql`created_at < now() - make_interval(days => ${days})`);
}

/**
 * Subject tokens expired more than a day ago, consumed or not: the audit log keeps their history.
 * A token is consumed before it expires, so a consumed one stays at most its lifetime longer than
 * a day after use; `consumed_at` has no index, so that consuming one touches no index at all.
 */
export function deleteDeadSubjectTokens(db: Db): Promise<number> {
  return deleteInBatches(db, 'subject_tokens', sql`expires_at < now() - interval '1 day'`);
}

/**
 * One-time tokens expired more than a day ago, whatever their status: a token used or revoked
 * earlier stays until then, so the management API still shows what became of it for a while.
 */
export function deleteDeadOneTimeTokens(db: Db): Promise<number> {
  return deleteInBatches(db, 'one_time_tokens', sql`expires_at < now() - interval '1 day'`);
}

/** Development messages (they hold verification codes) recorded more than a day ago. */
export function deleteOldRecordedMessages(db: Db): Promise<number> {
  return deleteInBatches(db, 'recorded_messages', sql`created_at < now() - interval '1 day'`);
}

/**
 * Deliveries in a final state (delivered, failed, disabled) last changed more than `days` ago, with
 * their attempts (counted from each row's history). Pending and retrying rows never match; rows a
 * worker holds are skipped.
 */
export async function deleteFinishedDeliveries(
  db: Db,
  days: number,
): Promise<{ deliveries: number; attempts: number }> {
  const totals = { deliveries: 0, attempts: 0 };
  for (;;) {
    const { rows } = await sql<{ deliveries: string; attempts: string }>`
      WITH doomed AS (
        SELECT id FROM hook_deliveries
        WHERE status IN ('delivered', 'failed', 'disabled')
          AND updated_at < now() - make_interval(days => ${days})
        LIMIT ${deliveryBatchSize}
        FOR UPDATE SKIP LOCKED
      ), deliveries AS (
        DELETE FROM hook_deliveries WHERE id IN (SELECT id FROM doomed)
        RETURNING jsonb_array_length(attempt_history) AS attempts
      )
      SELECT count(*) AS deliveries, coalesce(sum(attempts), 0) AS attempts FROM deliveries
    `.execute(db);
    const deliveries = Number(rows[0]!.deliveries);
    totals.deliveries += deliveries;
    totals.attempts += Number(rows[0]!.attempts);
    if (deliveries < deliveryBatchSize) return totals;
  }
}

/**
 * Takes the job `name` if its last run is older than `intervalMs`, in one conditional UPDATE: of
 * any number of instances asking at once, exactly one gets it.
 */
export async function claimMaintenanceRun(db: Db, name: string, intervalMs: number): Promise<boolean> {
  const result = await db
    .updateTable('maintenance_runs')
    .set({ last_run_at: sql<Date>`now()` })
    .where('name', '=', name)
    .where('last_run_at', '<=', sql<Date>`now() - make_interval(secs => ${intervalMs / 1000})`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a run done regardless of the interval (`tessera prune`). */
export async function markMaintenanceRun(db: Db, name: string): Promise<void> {
  await db
    .updateTable('maintenance_runs')
    .set({ last_run_at: sql<Date>`now()` })
    .where('name', '=', name)
    .execute();
}
