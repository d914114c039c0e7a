import { sql, type Kysely } from 'kysely';

/**
 * Named application secrets are kept encrypted (AES-256-GCM under the installation's key) so an
 * administrator can read them again, as in Logto; the digest still authenticates. Rows written
 * before keep only their digest: nothing can recover their value, so they list without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE application_secrets ADD COLUMN sealed_value text`.execute(db);
}
