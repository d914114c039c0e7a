import type { Transaction } from 'kysely';
import type { EventSink } from '../management/mutation.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import { getUser } from '../users/users.service.js';
import { hashBackupCode, newBackupCodes } from './backup-codes.js';
import { backupCodeAlone } from './errors.js';
import { toFactorResponse } from './factor-views.js';
import type { createFactorBody } from './factor.schemas.js';
import { listFactors } from './mfa.repository.js';
import { newTotpSecret, totpEnrolment } from './totp.js';
import { bindFactors } from './user-factors.js';
import type { z } from 'zod';

export async function listUserFactors(db: Db, userId: string) {
  await getUser(db, userId);
  return (await listFactors(db, userId)).map(toFactorResponse);
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
    const secret = input.secret?.toUpperCase().replace(/=+$/, '') ?? newTotpSecret();
    await bindFactors(trx, events, userId, [{ type: 'Totp', secret }]);
    const label = user.username ?? user.primary_email ?? user.primary_phone ?? user.id;
    const { secretQrCode } = await totpEnrolment(secret, label, 'Tessera');
    return { type: 'Totp' as const, secret, secretQrCode };
  }
  const others = (await listFactors(trx, userId)).filter((factor) => factor.type !== 'BackupCode');
  if (others.length === 0) throw backupCodeAlone();
  const codes = input.codes ?? newBackupCodes();
  await bindFactors(trx, events, userId, [
    { type: 'BackupCode', hashes: [...new Set(codes.map(hashBackupCode))] },
  ]);
  return { type: 'BackupCode' as const, codes };
}
