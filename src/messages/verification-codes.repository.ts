import { sql, type Kysely } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { CodePurpose } from '../storage/tables/experience.js';
import { CODE_LIFETIME_SECONDS, CODE_MAX_ATTEMPTS } from './limits.js';

export interface NewCode {
  id: string;
  purpose: CodePurpose;
  interactionUid?: string;
  userId?: string;
  identifier: { type: 'email' | 'phone'; value: string };
  codeHash: string;
}

export async function insertCode(db: Kysely<Database>, code: NewCode): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({
      id: code.id,
      purpose: code.purpose,
      interaction_uid: code.interactionUid ?? null,
      user_id: code.userId ?? null,
      identifier_type: code.identifier.type,
      identifier_value: code.identifier.value,
      code_hash: code.codeHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${CODE_LIFETIME_SECONDS}::int)`,
    })
    .execute();
}

export async function findCode(db: Db, id: string) {
  return db.selectFrom('verification_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Spends one attempt on an unverified code with attempts left; the returned `live` says whether
 * it is still within its lifetime. Nothing returned: used up, already verified, or unknown.
 */
export async function spendAttempt(db: Db, id: string) {
  return db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .returning(['code_hash', sql<boolean>`expires_at > now()`.as('live')])
    .executeTakeFirst();
}

/** Only one of concurrent right answers marks the code verified. */
export async function markCodeVerified(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('verification_codes')
    .set({ verified_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Consumes a verified, unexpired code of one owner and identifier: single use, one statement,
 * so two concurrent uses cannot both succeed.
 */
export async function consumeVerifiedCode(
  db: Kysely<Database>,
  where: {
    id: string;
    purpose: CodePurpose;
    userId: string | null;
    identifier: { type: string; value: string };
  },
): Promise<boolean> {
  let query = db
    .updateTable('verification_codes')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', where.id)
    .where('purpose', '=', where.purpose)
    .where('identifier_type', '=', where.identifier.type as 'email' | 'phone')
    .where('identifier_value', '=', where.identifier.value)
    .where('verified_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  query =
    where.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', where.userId);
  const row = await query.returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The newest code sent to an identifier by the management API: only it can be verified. */
export async function latestManagementCode(db: Db, identifier: { type: 'email' | 'phone'; value: string }) {
  return db
    .selectFrom('verification_codes')
    .select('id')
    .where('purpose', '=', 'Management')
    .where('identifier_type', '=', identifier.type)
    .where('identifier_value', '=', identifier.value)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

export async function deleteExpiredCodes(db: Db): Promise<void> {
  await db
    .deleteFrom('verification_codes')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}
