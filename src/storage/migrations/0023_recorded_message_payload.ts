import { sql, type Kysely } from 'kysely';

/**
 * A recorded message keeps the values its template was rendered with (Logto's message `payload`:
 * `code`, an invitation's `link`, ...), so a test harness or a development setup can follow a link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recorded_messages ADD COLUMN payload jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(db);
}
