import { sql, type Kysely } from 'kysely';

/**
 * The running instances, each beating its heartbeat here, and the instance that holds each leased
 * delivery: rows leased by an instance whose heartbeat stopped are taken over without waiting for
 * their lease. The partial index holds only the rows leased now (recording an attempt clears it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE instances (
      id text PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      heartbeat_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`ALTER TABLE hook_deliveries ADD COLUMN leased_by text`.execute(db);
  await sql`
    CREATE INDEX hook_deliveries_leased_by ON hook_deliveries (leased_by) WHERE leased_by IS NOT NULL
  `.execute(db);
}
