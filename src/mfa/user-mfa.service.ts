import type { Transaction } from 'kysely';
import type { EventSink } from '../webhooks/mutation.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { UserRow } from '../users/users.repository.js';
import { getUser } from '../users/users.service.js';
import { hashBackupCode, newBackupCodes } from './backup-codes.js';
import { backupCodeAlone } from './errors.js';
import { toFactorResponse } from './factor-views.js';
import { normalizeTotpSecret, type createFactorBody } from './factor.schemas.js';
import { listFactors } from './mfa.repository.js';
import { newTotpSecret, totpEnrolment } from './totp.js';
import { bindFactors } from './user-factors.js';
import type { z } from 'zod';

export async function listUserFactors(db: Db, userId: string) {
  await getUser(db, userId);
  return (await listFactors(db, userId)).map(toFactorResponse);
}

type Named = Pick<UserRow, 'id' | 'username' | 'primary_email' | 'primary_phone'>;

/** How an authenticator app or a passkey names the account: its sign-in name. */
export const factorLabel = (user: Named) =>
  user.username ?? user.primary_email ?? user.primary_phone ?? user.id;

/** The QR code of a TOTP secret, labelled with the user's sign-in name. */
export async function userTotpEnrolment(user: Named, secret: string) {
  return (await totpEnrolment(secret, factorLabel(user), 'Tessera')).secretQrCode;
}

/** Backup codes only back up another factor. */
export async function assertAnotherFactor(db: Db, userId: string): Promise<void> {
  const others = (await listFactors(db, userId)).filter((factor) => factor.type !== 'BackupCode');
  if (others.length === 0) throw backupCodeAlone();
}

/**
 * Management binding (Logto's shapes): a TOTP secret (given or new) with its QR code, or a
 * backup-code set (given or ten new ones) replacing the old one; `User.Data.Updated` fires.
 */
export async function createUserFactor(
  trx: Transaction<Database>,
  events: EventSink,
  userId: string,
  input: z.infer<typeof createFactorBody>,
) {
  const user = await getUser(trx, userId);
  if (input.type === 'Totp') {
    const secret = input.secret ? normalizeTotpSecret(input.secret) : newTotpSecret();
    await bindFactors(trx, events, userId, [{ type: 'Totp', secret }]);
    return { type: 'Totp' as const, secret, secretQrCode: await userTotpEnrolment(user, secret) };
  }
  await assertAnotherFactor(trx, userId);
  const codes = input.codes ?? newBackupCodes();
  await bindFactors(trx, events, userId, [
    { type: 'BackupCode', hashes: [...new Set(codes.map(hashBackupCode))] },
  ]);
  return { type: 'BackupCode' as const, codes };
}
