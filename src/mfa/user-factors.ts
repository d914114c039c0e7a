import type { Transaction } from 'kysely';
import type { EventSink } from '../webhooks/mutation.js';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { MfaFactor } from '../storage/tables/mfa.js';
import { userDataChanged } from '../users/users.service.js';
import { mfaVerificationNotFound, totpAlreadyInUse } from './errors.js';
import * as repository from './mfa.repository.js';
import type { StoredCredential } from './webauthn.js';

export type NewUserFactor =
  | { type: 'Totp'; secret: string; usedStep?: number }
  | { type: 'BackupCode'; hashes: string[] }
  | { type: 'WebAuthn'; credential: StoredCredential; agent?: string };

/**
 * Binds factors to a user in the caller's transaction; `User.Data.Updated` fires once (the
 * specification's "MFA linking") unless `events` is null: a registration announces its new
 * account with `User.Created` alone. A new backup-code set replaces the old one.
 */
export async function bindFactors(
  trx: Transaction<Database>,
  events: EventSink | null,
  userId: string,
  factors: NewUserFactor[],
): Promise<void> {
  if (factors.length === 0) return;
  for (const factor of factors) {
    const id = newId();
    if (factor.type === 'BackupCode') await repository.deleteFactorsOfType(trx, userId, 'BackupCode');
    const inserted = await repository.insertFactor(trx, {
      id,
      userId,
      type: factor.type,
      ...(factor.type === 'Totp' ? { totpSecret: factor.secret, totpLastStep: factor.usedStep } : {}),
      ...(factor.type === 'WebAuthn' ? { credential: factor.credential, agent: factor.agent } : {}),
    });
    if (!inserted) throw totpAlreadyInUse();
    if (factor.type === 'BackupCode') await repository.insertBackupCodes(trx, id, factor.hashes);
  }
  if (events) await userDataChanged(trx, events, userId);
}

/** Removes one factor of the user; `User.Data.Updated` fires. */
export async function unbindFactor(
  trx: Transaction<Database>,
  events: EventSink,
  userId: string,
  id: string,
): Promise<MfaFactor> {
  const removed = await repository.deleteFactor(trx, userId, id);
  if (!removed) throw mfaVerificationNotFound();
  await userDataChanged(trx, events, userId);
  return removed.type;
}
