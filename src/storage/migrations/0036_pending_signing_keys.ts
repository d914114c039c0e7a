import { sql, type Kysely } from 'kysely';

/**
 * When a signing key starts signing. A rotated-in key is published at once (JWKS, every instance's
 * verifiers) and signs only from `activates_at`, once every instance has had time to publish it.
 * Null for the keys before this: they signed from `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE signing_keys ADD COLUMN activates_at timestamptz`.execute(db);
}
