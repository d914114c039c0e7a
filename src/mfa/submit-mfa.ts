import type { Transaction } from 'kysely';
import { verificationNotFound } from '../experience/errors.js';
import type { ExperienceState } from '../experience/experience.repository.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import type { EventSink } from '../webhooks/mutation.js';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { MfaFactor } from '../storage/tables/mfa.js';
import { missingMfa, requireMfaVerification } from './errors.js';
import { mfaPrompt } from './policy.js';
import { listFactors } from './mfa.repository.js';
import {
  answeredChallenges,
  findMfaVerification,
  hasSkippedMfa,
  recordMfaSkipped,
} from './mfa-verifications.repository.js';
import { bindFactors, type NewUserFactor } from './user-factors.js';
import type { StoredCredential } from './webauthn.js';

/**
 * The MFA rule of a submit, checked before the login is given (so `PostSignIn` waits for it).
 * A user with an enabled factor must have answered a challenge with one in this interaction;
 * without one, the policy decides (src/mfa/policy.ts): a mandatory one asks for a factor to be
 * bound first, a prompting one offers it (skippably) until the user declines once.
 */
export async function assertMfaSatisfied(db: Db, state: ExperienceState, userId: string | undefined) {
  const { mfa } = await loadSignInExperience(db);
  if (mfa.factors.length === 0) return;
  const owned = userId ? (await listFactors(db, userId)).map((factor) => factor.type) : [];
  const usable = [...new Set(owned.filter((type) => mfa.factors.includes(type)))];
  if (userId && usable.length > 0) {
    const answered = await answeredChallenges(db, state.interactionUid, userId);
    if (!answered.some((type) => usable.includes(type))) throw requireMfaVerification(usable);
    return;
  }
  const binding = (state.profile.mfa ?? []).some((entry) => entry.type !== 'BackupCode');
  if (binding) return;
  const prompt = mfaPrompt(mfa.policy);
  switch (prompt.kind) {
    case 'required':
      throw missingMfa(mfa.factors, false);
    case 'never':
      return;
    case 'offered':
      if (state.profile.mfaSkipped) return;
      if (state.interactionEvent === 'Register' && !prompt.atRegistration) return;
      if (userId && (await hasSkippedMfa(db, userId))) return;
      throw missingMfa(mfa.factors, true);
  }
}

/**
 * The factors bound during the interaction become the user's, in the submit's transaction;
 * `events` is null at registration (see bindFactors). A declined offer is remembered.
 */
export async function bindPendingFactors(
  trx: Transaction<Database>,
  events: EventSink | null,
  userId: string,
  state: ExperienceState,
): Promise<void> {
  const factors: NewUserFactor[] = [];
  for (const { type, verificationId } of state.profile.mfa ?? []) {
    const record = await findMfaVerification(trx, state.interactionUid, verificationId, type);
    if (!record?.verified_at) throw verificationNotFound();
    factors.push(factorOf(type, record.payload));
  }
  await bindFactors(trx, events, userId, factors);
  if (state.profile.mfaSkipped && factors.length === 0) await recordMfaSkipped(trx, userId);
}

function factorOf(type: MfaFactor, payload: Record<string, unknown>): NewUserFactor {
  switch (type) {
    case 'Totp':
      return {
        type,
        secret: String(payload.secret),
        ...(typeof payload.usedStep === 'number' ? { usedStep: payload.usedStep } : {}),
      };
    case 'BackupCode':
      return { type, hashes: payload.hashes as string[] };
    case 'WebAuthn':
      return {
        type,
        credential: payload.credential as StoredCredential,
        ...(typeof payload.agent === 'string' ? { agent: payload.agent } : {}),
      };
  }
}
