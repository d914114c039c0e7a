import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { MfaFactor } from '../storage/tables/mfa.js';

export type MfaRow = Awaited<ReturnType<typeof listFactors>>[number];

export async function listFactors(db: Db, userId: string) {
  return db
    .selectFrom('user_mfa_verifications as v')
    .select([
      'v.id',
      'v.type',
      'v.totp_secret',
      'v.totp_last_step',
      'v.credential_id',
      'v.public_key',
      'v.sign_count',
      'v.transports',
      'v.agent',
      'v.created_at',
      'v.last_used_at',
      (eb) =>
        eb
          .selectFrom('user_backup_codes as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.verification_id', '=', 'v.id')
          .where('c.used_at', 'is', null)
          .as('remain_codes'),
    ])
    .where('v.user_id', '=', userId)
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
}

export interface NewFactor {
  id: string;
  userId: string;
  type: MfaFactor;
  totpSecret?: string;
  /** The time step of the code that proved the binding: it cannot pass a challenge again. */
  totpLastStep?: number;
  credential?: { id: string; publicKey: string; counter: number; transports: string[] };
  agent?: string;
}

/** The unique indexes refuse a second TOTP or backup-code set, or a credential bound twice. */
export async function insertFactor(trx: Transaction<Database>, factor: NewFactor): Promise<boolean> {
  const result = await trx
    .insertInto('user_mfa_verifications')
    .values({
      id: factor.id,
      user_id: factor.userId,
      type: factor.type,
      totp_secret: factor.totpSecret ?? null,
      totp_last_step: factor.totpLastStep ?? null,
      credential_id: factor.credential?.id ?? null,
      public_key: factor.credential?.publicKey ?? null,
      sign_count: factor.credential?.counter ?? null,
      transports: factor.credential?.transports ?? null,
      agent: factor.agent ?? null,
      last_used_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function insertBackupCodes(
  trx: Transaction<Database>,
  verificationId: string,
  hashes: readonly string[],
): Promise<void> {
  await trx
    .insertInto('user_backup_codes')
    .values(hashes.map((code_hash) => ({ verification_id: verificationId, code_hash, used_at: null })))
    .execute();
}

export async function deleteFactor(trx: Transaction<Database>, userId: string, id: string) {
  return trx
    .deleteFrom('user_mfa_verifications')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('type')
    .executeTakeFirst();
}

/** Replaces the user's backup-code set (a new set invalidates the old codes). */
export async function deleteFactorsOfType(trx: Transaction<Database>, userId: string, type: MfaFactor) {
  await trx
    .deleteFrom('user_mfa_verifications')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .execute();
}

/**
 * Accepts a TOTP time step once: the conditional update lets exactly one of two concurrent
 * uses of the same code win, and an older step than the last accepted one never passes.
 */
export async function acceptTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_mfa_verifications')
    .set({ totp_last_step: step, last_used_at: new Date() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Uses one unused backup code of the user: single use even under concurrent attempts. */
export async function useBackupCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const { rows } = await sql<{ verification_id: string }>`
    UPDATE user_backup_codes AS c SET used_at = now()
    FROM user_mfa_verifications AS v
    WHERE c.verification_id = v.id AND v.user_id = ${userId} AND v.type = 'BackupCode'
      AND c.code_hash = ${hash} AND c.used_at IS NULL
    RETURNING c.verification_id
  `.execute(db);
  const row = rows[0];
  if (!row) return false;
  await db
    .updateTable('user_mfa_verifications')
    .set({ last_used_at: new Date() })
    .where('id', '=', row.verification_id)
    .execute();
  return true;
}

/** Records a WebAuthn assertion: the new signature counter and the time of use. */
export async function recordAssertion(db: Db, id: string, counter: number): Promise<void> {
  await db
    .updateTable('user_mfa_verifications')
    .set({ sign_count: counter, last_used_at: new Date() })
    .where('id', '=', id)
    .execute();
}
