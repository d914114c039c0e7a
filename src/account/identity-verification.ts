import type { FastifyRequest } from 'fastify';
import { apiError } from '../http/error-registry.js';
import { currentPassword } from '../experience/accounts.repository.js';
import { invalidCredentials } from '../experience/errors.js';
import { underLockout } from '../lockout/lockout.js';
import { newId } from '../storage/ids.js';
import { decoy, verifyPassword } from '../users/passwords.js';
import type { AccountCaller } from './account-auth.js';
import { accountContext } from './account.service.js';
import { insertIdentityVerification, isFreshIdentityProof } from './identity-verifications.repository.js';

/** How long a proof of identity lets the Account API make sensitive changes (Logto: minutes). */
export const IDENTITY_PROOF_SECONDS = 600;
export const VERIFICATION_HEADER = 'logto-verification-id';

/**
 * The user proves they know their password: a verification record the sensitive Account API
 * changes then accept in the `logto-verification-id` header. Wrong passwords count towards
 * the account's lockout like a sign-in's.
 */
export async function verifyAccountPassword(
  request: FastifyRequest,
  caller: AccountCaller,
  password: string,
): Promise<{ verificationRecordId: string; expiresAt: string }> {
  const { db } = request.server.services;
  await underLockout(
    request.server.services,
    // The lock is on the account; the identifier only names it in the lockout event.
    {
      identifier: { type: 'username', value: caller.userId },
      userId: caller.userId,
      factor: 'Password',
      context: accountContext(request, caller),
    },
    async () => {
      const stored = await currentPassword(db, caller.userId);
      const matches = await verifyPassword(stored ?? (await decoy()), password);
      return stored && matches
        ? { outcome: 'success', value: undefined }
        : { outcome: 'failure', error: invalidCredentials() };
    },
  );
  const id = newId();
  const expiresAt = await insertIdentityVerification(db, {
    id,
    userId: caller.userId,
    lifetimeSeconds: IDENTITY_PROOF_SECONDS,
  });
  return { verificationRecordId: id, expiresAt: expiresAt.toISOString() };
}

/**
 * Sensitive changes (the primary e-mail or phone) need a fresh proof that the caller is the user,
 * not only their access token: a password verification, or a code verified for an address the
 * user holds now, within the last ten minutes.
 */
export async function requireIdentityProof(request: FastifyRequest, caller: AccountCaller): Promise<void> {
  const header = request.headers[VERIFICATION_HEADER];
  const id = typeof header === 'string' ? header.trim() : '';
  const proven =
    id.length > 0 &&
    id.length <= 128 &&
    (await isFreshIdentityProof(request.server.services.db, id, caller.userId, IDENTITY_PROOF_SECONDS));
  if (!proven) {
    throw apiError('verification_record.permission_denied', { header: VERIFICATION_HEADER });
  }
}
