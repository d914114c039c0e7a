import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';

/**
 * The Account API's social verification records: rows of `identity_verifications` with the method
 * `Social` (made by `insertIdentityVerification`), each bound to the user who started it, so nobody
 * else can verify or link it.
 */
/** A live, not yet verified social record of the user. */
export async function findPendingSocialVerification(db: Db, id: string, userId: string) {
  return db
    .selectFrom('identity_verifications')
    .select(['id', 'payload'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('method', '=', 'Social')
    .where('verified_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** The verified identity replaces the session (its verifier is spent); one of concurrent callbacks wins. */
export async function completeSocialVerification(
  db: Db,
  id: string,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const row = await db
    .updateTable('identity_verifications')
    .set({ payload: json(payload), verified_at: new Date() })
    .where('id', '=', id)
    .where('method', '=', 'Social')
    .where('verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes a live, verified social record of the user out (single use): its payload, or nothing. */
export async function consumeSocialVerification(trx: Transaction<Database>, id: string, userId: string) {
  const row = await trx
    .deleteFrom('identity_verifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('method', '=', 'Social')
    .where('verified_at', 'is not', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('payload')
    .executeTakeFirst();
  return row?.payload;
}
