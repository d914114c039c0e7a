import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { insertVerification } from '../experience/experience.repository.js';
import { underLockout } from '../lockout/lockout.js';
import { newId } from '../storage/ids.js';
import type { MfaFactor } from '../storage/tables/mfa.js';
import { hashBackupCode } from './backup-codes.js';
import { factorNotEnabled, invalidBackupCode, invalidTotpCode, webAuthnFailed } from './errors.js';
import {
  assertFactorEnabled,
  contextOf,
  identifiedUser,
  lockoutIdentifier,
  type ExperienceStep,
} from './experience-step.js';
import * as factors from './mfa.repository.js';
import { completeMfaVerification, findMfaVerification } from './mfa-verifications.repository.js';
import { matchingStep } from './totp.js';
import { authenticationOptions, verifyAuthentication } from './webauthn.js';
import { credentialsOf } from './factor-views.js';

/**
 * A second factor answering the challenge of a sign-in. The identifier the user signed in with
 * is checked for a lock first (the attempt reserved); a wrong answer counts towards the account's
 * lockout under this factor's own count, which no right password clears.
 */
async function answerChallenge(
  step: ExperienceStep,
  type: MfaFactor,
  check: (userId: string) => Promise<boolean>,
  failure: () => Error,
  verificationId?: string,
): Promise<string> {
  await assertFactorEnabled(step, type);
  const userId = identifiedUser(step);
  const services = step.request.server.services;
  const identifier = await lockoutIdentifier(step, userId);
  const guarded = { identifier, userId, factor: type, context: contextOf(step) };
  await underLockout(services, guarded, async () =>
    (await check(userId))
      ? { outcome: 'success', value: undefined }
      : { outcome: 'failure', error: failure() },
  );
  const payload = { purpose: 'challenge' };
  if (verificationId) {
    await completeMfaVerification(services.db, verificationId, { userId, payload });
    return verificationId;
  }
  const id = newId();
  const interactionUid = step.interaction.uid;
  const verifiedAt = new Date();
  await insertVerification(services.db, {
    id,
    interactionUid,
    type,
    identifier: null,
    userId,
    verifiedAt,
    payload,
  });
  return id;
}

export async function verifyTotpChallenge(step: ExperienceStep, code: string): Promise<string> {
  const db = step.request.server.services.db;
  return answerChallenge(
    step,
    'Totp',
    async (userId) => {
      const totp = (await factors.listFactors(db, userId)).find((factor) => factor.type === 'Totp');
      if (!totp?.totp_secret) throw factorNotEnabled();
      const matched = matchingStep(totp.totp_secret, code);
      return matched !== null && (await factors.acceptTotpStep(db, totp.id, matched));
    },
    invalidTotpCode,
  );
}

export async function verifyBackupCodeChallenge(step: ExperienceStep, code: string): Promise<string> {
  const db = step.request.server.services.db;
  return answerChallenge(
    step,
    'BackupCode',
    async (userId) => {
      const set = (await factors.listFactors(db, userId)).find((factor) => factor.type === 'BackupCode');
      if (!set) throw factorNotEnabled();
      return factors.useBackupCode(db, userId, hashBackupCode(code));
    },
    invalidBackupCode,
  );
}

/** The options for `navigator.credentials.get()`, over the user's bound credentials. */
export async function startWebAuthnChallenge(step: ExperienceStep) {
  await assertFactorEnabled(step, 'WebAuthn');
  const userId = identifiedUser(step);
  const { db, config } = step.request.server.services;
  const credentials = credentialsOf(await factors.listFactors(db, userId));
  if (credentials.length === 0) throw factorNotEnabled();
  const options = await authenticationOptions(config, credentials);
  const id = newId();
  await insertVerification(db, {
    id,
    interactionUid: step.interaction.uid,
    type: 'WebAuthn',
    identifier: null,
    userId: null,
    verifiedAt: null,
    payload: { purpose: 'challenge', challenge: options.challenge },
  });
  return { verificationId: id, authenticationOptions: options };
}

export async function verifyWebAuthnChallenge(
  step: ExperienceStep,
  verificationId: string,
  response: AuthenticationResponseJSON,
): Promise<string> {
  const { db, config } = step.request.server.services;
  const record = await findMfaVerification(db, step.interaction.uid, verificationId, 'WebAuthn');
  const challenge = record?.payload.challenge;
  if (
    !record ||
    record.verified_at ||
    record.payload.purpose !== 'challenge' ||
    typeof challenge !== 'string'
  )
    throw factorNotEnabled();
  return answerChallenge(
    step,
    'WebAuthn',
    async (userId) => {
      const rows = await factors.listFactors(db, userId);
      const row = rows.find((factor) => factor.type === 'WebAuthn' && factor.credential_id === response.id);
      const credential = row && credentialsOf([row])[0];
      if (!row || !credential) return false;
      const counter = await verifyAuthentication(config, challenge, credential, response);
      if (counter === undefined) return false;
      await factors.recordAssertion(db, row.id, counter);
      return true;
    },
    webAuthnFailed,
    verificationId,
  );
}
