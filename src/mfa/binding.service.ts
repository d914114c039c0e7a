import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { verificationNotFound } from '../experience/errors.js';
import { insertVerification, mergeProfile } from '../experience/experience.repository.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { findUser } from '../users/users.repository.js';
import { newId } from '../storage/ids.js';
import type { MfaFactor } from '../storage/tables/mfa.js';
import { hashBackupCode, newBackupCodes } from './backup-codes.js';
import {
  backupCodeAlone,
  invalidTotpCode,
  mfaSkipNotAllowed,
  totpAlreadyInUse,
  webAuthnFailed,
} from './errors.js';
import { assertFactorEnabled, type ExperienceStep } from './experience-step.js';
import { credentialsOf } from './factor-views.js';
import { listFactors } from './mfa.repository.js';
import { completeMfaVerification, findMfaVerification } from './mfa-verifications.repository.js';
import { mayDeclineMfa } from './policy.js';
import { matchingStep, newTotpSecret, totpEnrolment } from './totp.js';
import { registrationOptions, verifyRegistration } from './webauthn.js';

/** The account a factor is bound to: the identified user, or at registration the one being made. */
async function subject(step: ExperienceStep) {
  const { db } = step.request.server.services;
  const user = step.state.userId ? await findUser(db, step.state.userId) : undefined;
  const profile = step.state.profile;
  const name = user?.username ?? user?.primary_email ?? user?.primary_phone;
  const label = name ?? profile.username ?? profile.primaryEmail ?? profile.primaryPhone ?? 'new account';
  const bound = user ? await listFactors(db, user.id) : [];
  return { label, bound };
}

async function newBinding(step: ExperienceStep, type: MfaFactor, payload: Record<string, unknown>) {
  const id = newId();
  await insertVerification(step.request.server.services.db, {
    id,
    interactionUid: step.interaction.uid,
    type,
    identifier: null,
    userId: null,
    verifiedAt: type === 'BackupCode' ? new Date() : null,
    payload: { purpose: 'bind', ...payload },
  });
  return id;
}

async function pendingBinding(step: ExperienceStep, type: MfaFactor, id: string) {
  const db = step.request.server.services.db;
  const record = await findMfaVerification(db, step.interaction.uid, id, type);
  if (!record || record.payload.purpose !== 'bind') throw verificationNotFound();
  return record;
}

export async function createTotpSecret(step: ExperienceStep) {
  await assertFactorEnabled(step, 'Totp');
  const { label, bound } = await subject(step);
  if (bound.some((factor) => factor.type === 'Totp')) throw totpAlreadyInUse();
  const secret = newTotpSecret();
  const { secretQrCode } = await totpEnrolment(secret, label, 'Tessera');
  return { verificationId: await newBinding(step, 'Totp', { secret }), secret, secretQrCode };
}

/** The first code from the authenticator app proves the secret was stored there. */
export async function verifyTotpBinding(step: ExperienceStep, id: string, code: string) {
  const record = await pendingBinding(step, 'Totp', id);
  const secret = record.payload.secret;
  const usedStep = typeof secret === 'string' ? matchingStep(secret, code) : null;
  if (usedStep === null) throw invalidTotpCode();
  await completeMfaVerification(step.request.server.services.db, id, {
    payload: { ...record.payload, usedStep },
  });
  return id;
}

/** Ten codes, shown once; only their hashes are kept, bound at submit. */
export async function generateBackupCodes(step: ExperienceStep) {
  await assertFactorEnabled(step, 'BackupCode');
  const codes = newBackupCodes();
  const verificationId = await newBinding(step, 'BackupCode', { hashes: codes.map(hashBackupCode) });
  return { verificationId, codes };
}

export async function startWebAuthnRegistration(step: ExperienceStep) {
  await assertFactorEnabled(step, 'WebAuthn');
  const { label, bound } = await subject(step);
  const options = await registrationOptions(
    step.request.server.services.config,
    'Tessera',
    { name: label, displayName: label },
    credentialsOf(bound),
  );
  const verificationId = await newBinding(step, 'WebAuthn', { challenge: options.challenge });
  return { verificationId, registrationOptions: options };
}

export async function verifyWebAuthnRegistration(
  step: ExperienceStep,
  id: string,
  response: RegistrationResponseJSON,
) {
  const record = await pendingBinding(step, 'WebAuthn', id);
  const challenge = record.payload.challenge;
  if (typeof challenge !== 'string' || record.verified_at) throw webAuthnFailed();
  const { config, db } = step.request.server.services;
  const credential = await verifyRegistration(config, challenge, response);
  if (!credential) throw webAuthnFailed();
  const agent = step.request.headers['user-agent']?.slice(0, 512);
  await completeMfaVerification(db, id, { payload: { purpose: 'bind', credential, agent } });
  return id;
}

/** `POST /profile/mfa`: a verified binding joins the factors written at submit. */
export async function addMfaToProfile(step: ExperienceStep, type: MfaFactor, id: string) {
  await assertFactorEnabled(step, type);
  const record = await pendingBinding(step, type, id);
  if (!record.verified_at) throw verificationNotFound();
  const { bound } = await subject(step);
  const pending = (step.state.profile.mfa ?? []).filter((entry) => entry.type !== type);
  if (type === 'Totp' && bound.some((factor) => factor.type === 'Totp')) throw totpAlreadyInUse();
  const primaries = [...bound.map((f) => f.type), ...pending.map((p) => p.type)].filter(
    (t) => t !== 'BackupCode',
  );
  if (type === 'BackupCode' && primaries.length === 0) throw backupCodeAlone();
  const mfa = [...pending, { type, verificationId: id }];
  await mergeProfile(step.request.server.services.db, step.interaction.uid, { mfa });
}

/** `POST /profile/mfa/mfa-skipped`: any policy but `Mandatory` lets a user decline. */
export async function skipMfa(step: ExperienceStep) {
  const settings = await loadSignInExperience(step.request.server.services.db);
  if (!mayDeclineMfa(settings.mfa.policy)) throw mfaSkipNotAllowed();
  await mergeProfile(step.request.server.services.db, step.interaction.uid, { mfaSkipped: true });
}
