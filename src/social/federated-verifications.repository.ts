import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';

export type FederatedType = 'Social' | 'EnterpriseSso';

/** A social or SSO verification of an interaction; its payload holds the authorization session. */
export async function insertFederatedVerification(
  db: Db,
  row: { id: string; interactionUid: string; type: FederatedType; payload: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('experience_verifications')
    .values({
      id: row.id,
      interaction_uid: row.interactionUid,
      type: row.type,
      identifier: null,
      user_id: null,
      payload: json(row.payload),
      verified_at: null,
    })
    .execute();
}

export async function findFederatedVerification(
  db: Db,
  interactionUid: string,
  id: string,
  type: FederatedType,
) {
  return db
    .selectFrom('experience_verifications')
    .select(['id', 'payload', 'verified_at'])
    .where('id', '=', id)
    .where('interaction_uid', '=', interactionUid)
    .where('type', '=', type)
    .executeTakeFirst();
}

/**
 * The verified outcome replaces the session (its verifier and nonce are spent); only one of
 * concurrent callbacks of a verification succeeds.
 */
export async function completeFederatedVerification(
  db: Db,
  id: string,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const row = await db
    .updateTable('experience_verifications')
    .set({ payload: json(payload), verified_at: new Date() })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The account a verified social or SSO verification identified (and so authenticated). */
export async function attributeFederatedVerification(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('experience_verifications')
    .set({ user_id: userId })
    .where('id', '=', id)
    .where('type', 'in', ['Social', 'EnterpriseSso'])
    .where('verified_at', 'is not', null)
    .execute();
}

/** The account holding a social identity of a target, matched through the GIN index. */
export async function findUserBySocialIdentity(db: Db, target: string, identityId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'is_suspended'])
    .where(sql<boolean>`identities @> ${json({ [target]: { userId: identityId } })}::jsonb`)
    .executeTakeFirst();
}

/**
 * Serialises the links of one remote identity across instances until the transaction ends, so
 * two concurrent first sign-ins cannot give it two accounts.
 */
export async function lockRemoteIdentity(trx: Transaction<Database>, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
