import { sql, type Kysely } from 'kysely';

/** The retention pass removes one-time tokens a day past their expiry: this finds them without a scan. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX one_time_tokens_expires_at ON one_time_tokens (expires_at)`.execute(db);
}
