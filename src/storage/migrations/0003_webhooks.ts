import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE hooks (
      id text PRIMARY KEY,
      name text NOT NULL,
      events text[] NOT NULL,
      url text NOT NULL,
      headers jsonb NOT NULL DEFAULT '{}',
      signing_key text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX hooks_created_at ON hooks (created_at, id);

    -- The outbox: one row per (event, subscribed hook), written in the transaction of the change.
    -- body holds the exact bytes sent on every attempt, so signatures stay valid across retries.
    CREATE TABLE hook_deliveries (
      id text PRIMARY KEY,
      hook_id text NOT NULL REFERENCES hooks (id) ON DELETE CASCADE,
      event text NOT NULL,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      -- A redelivery restarts the retry schedule from here.
      schedule_base integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_expires_at timestamptz,
      last_status_code integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX hook_deliveries_due ON hook_deliveries (next_attempt_at)
      WHERE status IN ('pending', 'retrying');
    CREATE INDEX hook_deliveries_hook_id ON hook_deliveries (hook_id, created_at DESC, id);

    CREATE TABLE hook_delivery_attempts (
      delivery_id text NOT NULL REFERENCES hook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      hook_id text NOT NULL,
      status_code integer,
      duration_ms integer NOT NULL,
      error text,
      next_attempt_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (delivery_id, attempt)
    );
    CREATE INDEX hook_delivery_attempts_hook_id ON hook_delivery_attempts (hook_id, created_at DESC);

    -- Recent logs of one hook (GET /hooks/:id/recent-logs) read the audit log by hook id.
    CREATE INDEX logs_trigger_hook_id ON logs ((payload ->> 'hookId'), created_at DESC)
      WHERE key LIKE 'TriggerHook.%';
  `.execute(db);
}
