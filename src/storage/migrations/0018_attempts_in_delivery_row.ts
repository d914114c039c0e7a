import { sql, type Kysely } from 'kysely';

/**
 * A delivery's attempts move into its own row (`attempt_history`, a jsonb array appended by the
 * update that records each attempt, which rewrites the row anyway): an attempts row per attempt
 * cost a heap insert and two index entries, an eighth of PostgreSQL's time per delivery. Each
 * element keeps the old columns; the times are epoch milliseconds, as the API returns them.
 * The per-hook statistics read the audit log, which has a row for every attempt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE hook_deliveries ADD COLUMN attempt_history jsonb NOT NULL DEFAULT '[]';
    UPDATE hook_deliveries d SET attempt_history = a.history
    FROM (
      SELECT delivery_id, jsonb_agg(jsonb_build_object(
        'attempt', attempt, 'status_code', status_code, 'duration_ms', duration_ms, 'error', error,
        'next_attempt_at', floor(extract(epoch FROM next_attempt_at) * 1000),
        'created_at', floor(extract(epoch FROM created_at) * 1000)
      ) ORDER BY attempt) AS history
      FROM hook_delivery_attempts GROUP BY delivery_id
    ) a
    WHERE a.delivery_id = d.id;
    DROP TABLE hook_delivery_attempts;
  `.execute(db);
}
