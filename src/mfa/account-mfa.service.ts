import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccountCaller } from '../account/account-auth.js';
import { changeAccount } from '../account/account.service.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import type { MfaFactor } from '../storage/tables/mfa.js';
import { getUser } from '../users/users.service.js';
import { backupCodeUses, consumeWebAuthnRegistration } from './account-mfa.repository.js';
import { hashBackupCode, newBackupCodes } from './backup-codes.js';
import { factorNotEnabled, invalidTotpCode, mfaVerificationNotFound } from './errors.js';
import { normalizeTotpSecret, type accountFactorBody } from './factor.schemas.js';
import { matchingStep, newTotpSecret } from './totp.js';
import { bindFactors, type NewUserFactor } from './user-factors.js';
import { assertAnotherFactor, userTotpEnrolment } from './user-mfa.service.js';

/** Users bind only the factors the sign-in experience allows. */
export async function assertFactorAllowed(db: Db, type: MfaFactor): Promise<void> {
  const settings = await loadSignInExperience(db);
  if (!settings.mfa.factors.includes(type)) throw factorNotEnabled();
}

/** A new secret to show; nothing is kept until the user proves it with a code (addAccountFactor). */
export async function generateAccountTotpSecret(db: Db, userId: string) {
  await assertFactorAllowed(db, 'Totp');
  const secret = newTotpSecret();
  return { secret, secretQrCode: await userTotpEnrolment(await getUser(db, userId), secret) };
}

/** Ten new codes to show; nothing is kept until the user sends them back to bind them. */
export async function generateAccountBackupCodes(db: Db) {
  await assertFactorAllowed(db, 'BackupCode');
  return { codes: newBackupCodes() };
}

const registrationNotFound = () => apiError('verification_record.not_found#verified_passkey');

/** Binds a factor to the signed-in user; `User.Data.Updated` fires with the Account API context. */
export async function addAccountFactor(
  request: FastifyRequest,
  caller: AccountCaller,
  body: z.infer<typeof accountFactorBody>,
): Promise<void> {
  const { userId } = caller;
  await assertFactorAllowed(request.server.services.db, body.type);
  await changeAccount(request, caller, async (trx, events) => {
    let factor: NewUserFactor;
    if (body.type === 'Totp') {
      const secret = normalizeTotpSecret(body.secret);
      const usedStep = matchingStep(secret, body.code);
      if (usedStep === null) throw invalidTotpCode();
      factor = { type: 'Totp', secret, usedStep };
    } else if (body.type === 'BackupCode') {
      await assertAnotherFactor(trx, userId);
      factor = { type: 'BackupCode', hashes: [...new Set(body.codes.map(hashBackupCode))] };
    } else {
      const record = await consumeWebAuthnRegistration(trx, body.newIdentifierVerificationRecordId, userId);
      if (!record?.credential) throw registrationNotFound();
      factor = { type: 'WebAuthn', credential: record.credential, agent: record.agent ?? undefined };
    }
    await bindFactors(trx, events, userId, [factor]);
  });
}

/**
 * The user's backup codes with their use. Codes are kept only as hashes, so unlike Logto the
 * answer cannot repeat them: each entry is its `usedAt` (null while unused).
 */
export async function listAccountBackupCodes(db: Db, userId: string) {
  const uses = await backupCodeUses(db, userId);
  if (uses.length === 0) throw mfaVerificationNotFound();
  return { codes: uses.map((use) => ({ usedAt: use.used_at?.toISOString() ?? null })) };
}
