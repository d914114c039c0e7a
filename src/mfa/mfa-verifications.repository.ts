import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { json } from '../storage/json.js';
import type { MfaFactor } from '../storage/tables/mfa.js';

// The interaction's MFA verifications (rows of experience_verifications with a `purpose`).

export async function findMfaVerification(db: Db, interactionUid: string, id: string, type: MfaFactor) {
  return db
    .selectFrom('experience_verifications')
    .select(['id', 'user_id', 'verified_at', 'payload'])
    .where('id', '=', id)
    .where('interaction_uid', '=', interactionUid)
    .where('type', '=', type)
    .executeTakeFirst();
}

export async function completeMfaVerification(
  db: Db,
  id: string,
  values: { userId?: string; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .updateTable('experience_verifications')
    .set({
      verified_at: new Date(),
      ...(values.userId ? { user_id: values.userId } : {}),
      ...(values.payload ? { payload: json(values.payload) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The second factors this interaction's user answered a challenge with. */
export async function answeredChallenges(db: Db, interactionUid: string, userId: string) {
  const rows = await db
    .selectFrom('experience_verifications')
    .select('type')
    .where('interaction_uid', '=', interactionUid)
    .where('user_id', '=', userId)
    .where('type', 'in', ['Totp', 'BackupCode', 'WebAuthn'])
    .where('verified_at', 'is not', null)
    .where(sql<string>`payload ->> 'purpose'`, '=', 'challenge')
    .execute();
  return rows.map((row) => row.type as MfaFactor);
}

/** The identifier the interaction's user proved first: MFA failures count towards its lockout. */
export async function firstFactorIdentifier(
  db: Db,
  interactionUid: string,
): Promise<InteractionIdentifier | undefined> {
  const row = await db
    .selectFrom('experience_verifications')
    .select('identifier')
    .where('interaction_uid', '=', interactionUid)
    .where('type', 'in', ['Password', 'EmailVerificationCode', 'PhoneVerificationCode', 'OneTimeToken'])
    .where('verified_at', 'is not', null)
    .where('identifier', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.identifier ?? undefined;
}

/** The user declined a user-controlled offer to bind a second factor before. */
export async function hasSkippedMfa(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('mfa_skipped_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.mfa_skipped_at);
}

export async function recordMfaSkipped(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.updateTable('users').set({ mfa_skipped_at: new Date() }).where('id', '=', userId).execute();
}
