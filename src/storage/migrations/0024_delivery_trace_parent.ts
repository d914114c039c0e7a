import { sql, type Kysely } from 'kysely';

/**
 * The W3C `traceparent` of the request that wrote a delivery (null when tracing is off or nothing
 * was traced), so each send attempt's span links back to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE hook_deliveries ADD COLUMN trace_parent text`.execute(db);
}
