import { sql, type Kysely } from 'kysely';

/**
 * At most one API resource is the default (it names the audience of a token request without
 * `resource`). Should several be marked already, the newest keeps the flag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE resources SET is_default = false
    WHERE is_default AND id <> (
      SELECT id FROM resources WHERE is_default ORDER BY created_at DESC, id DESC LIMIT 1
    );
    CREATE UNIQUE INDEX resources_single_default ON resources ((true)) WHERE is_default;
  `.execute(db);
}
