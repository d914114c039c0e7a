import { sql, type Kysely } from 'kysely';

/**
 * The Account API's social verifications (linking an identity) live beside its password proofs:
 * one table of a user's verification records, told apart by `method`. A social record keeps its
 * authorization session, then the verified identity, in `payload`; `verified_at` marks the callback
 * redeemed. Only `Password` records prove who the caller is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE identity_verifications
      ADD COLUMN payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN verified_at timestamptz
  `.execute(db);
}
