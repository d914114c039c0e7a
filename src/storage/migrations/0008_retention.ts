import { sql, type Kysely } from 'kysely';

/**
 * The retention pass: one row per periodic job records its last run, so N instances run it at
 * most once per interval between them; and an index per rule, so each batch finds its rows
 * without a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE maintenance_runs (
      name text PRIMARY KEY,
      last_run_at timestamptz NOT NULL
    );
    INSERT INTO maintenance_runs (name, last_run_at) VALUES ('retention', 'epoch');

    CREATE INDEX hook_deliveries_finished ON hook_deliveries (updated_at)
      WHERE status IN ('delivered', 'failed', 'disabled');
    CREATE INDEX subject_tokens_consumed_at ON subject_tokens (consumed_at) WHERE consumed_at IS NOT NULL;
    CREATE INDEX recorded_messages_created_at ON recorded_messages (created_at);
  `.execute(db);
}
