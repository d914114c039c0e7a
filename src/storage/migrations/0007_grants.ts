import { sql, type Kysely } from 'kysely';

/**
 * The grant limit evicts a user's oldest grants for an application. oidc-provider's `iat` has
 * one-second resolution, so rows get their own insertion time (the adapter's upsert never sets
 * it, so a re-saved grant keeps its first one), and grants are indexed by account and client
 * in issue order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE oidc_model_instances ADD COLUMN created_at timestamptz NOT NULL DEFAULT clock_timestamp();
    CREATE INDEX oidc_model_instances_grants_by_account_client
      ON oidc_model_instances ((payload ->> 'accountId'), (payload ->> 'clientId'), created_at)
      WHERE model_name = 'Grant';
  `.execute(db);
}
