import { sql, type Kysely } from 'kysely';

/**
 * The account center settings (Logto's `account_centers`): whether the Account API answers and
 * which fields it shows or lets the user change. One row at most; without a row the defaults apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_center (
      id text PRIMARY KEY,
      enabled boolean NOT NULL,
      fields jsonb NOT NULL DEFAULT '{}'::jsonb,
      webauthn_related_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}
