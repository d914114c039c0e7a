import type { Services } from '../services.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { fireEvents } from '../webhooks/outbox.js';
import type { TriggerContext } from '../webhooks/payload.js';
import { verificationBlocked } from '../experience/errors.js';
import { normalizeIdentifier } from '../users/normalize-identifier.js';
import {
  clearFailures,
  releaseAttempt,
  reserveAttempt,
  takeLock,
  type LockoutFactor,
  type LockoutKey,
  type LockoutSettings,
} from './lockout.repository.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';

/**
 * The policy in force: the sign-in experience's `sentinelPolicy` over the TESSERA_LOCKOUT_*
 * settings. Read with the sign-in experience, from the database, so a PATCH applies at once on
 * every instance; the counting window stays a setting.
 */
export async function lockoutPolicy({
  db,
  config,
}: Pick<Services, 'db' | 'config'>): Promise<LockoutSettings> {
  const { maxAttempts, lockoutDuration } = (await loadSignInExperience(db)).sentinelPolicy;
  return {
    maxFailures: maxAttempts ?? config.lockout.maxFailures,
    windowSeconds: config.lockout.windowSeconds,
    lockSeconds:
      lockoutDuration == null ? config.lockout.lockSeconds : Math.max(1, Math.round(lockoutDuration * 60)),
  };
}

/** How one check of a secret ended: `neutral` neither counts nor clears (e.g. an expired code). */
export type Verdict<T> =
  | { outcome: 'success'; value: T }
  | { outcome: 'failure'; error: Error }
  | { outcome: 'neutral'; error: Error };

export interface GuardedCheck {
  /** The identifier as typed; the lock is on the account when `userId` is known, else on this. */
  identifier: InteractionIdentifier;
  userId: string | undefined;
  /** The secret checked: its failures are counted apart, and only its own success clears them. */
  factor: LockoutFactor;
  context: TriggerContext;
}

/**
 * Consecutive failed verifications of one factor (password, code, TOTP, backup code, WebAuthn;
 * any flow, any instance) lock the account they were aimed at, or the identifier when nobody has
 * it: further attempts at every factor are refused, right secret or not, until the lock expires.
 * Each factor keeps its own count and only its own success clears it, so proving the password
 * again never buys fresh guesses at the second factor. The attempt is reserved before `check`
 * runs, so a burst of concurrent guesses gets at most the limit checked; the failure that takes
 * the lock fires `Identifier.Lockout`, exactly once per lock.
 */
export async function underLockout<T>(
  services: Services,
  { identifier, userId, factor, context }: GuardedCheck,
  check: () => Promise<Verdict<T>>,
): Promise<T> {
  const { db, clock } = services;
  const policy = await lockoutPolicy(services);
  const normalized = normalizeIdentifier(identifier);
  const key: LockoutKey = userId ? { type: 'user', value: userId } : normalized;
  const attempt = await reserveAttempt(db, clock, key, factor, policy);
  if (attempt === undefined) throw verificationBlocked();

  let verdict: Verdict<T>;
  try {
    verdict = await check();
  } catch (error) {
    await releaseAttempt(db, key, factor);
    throw error;
  }
  switch (verdict.outcome) {
    case 'success':
      await clearFailures(db, clock, key, factor);
      return verdict.value;
    case 'neutral':
      await releaseAttempt(db, key, factor);
      throw verdict.error;
    case 'failure':
      if (attempt < policy.maxFailures) throw verdict.error;
      if (await takeLock(db, clock, key, factor, policy.lockSeconds)) {
        await fireEvents(services, context, [
          { event: 'Identifier.Lockout', payload: { type: normalized.type, value: normalized.value } },
        ]);
      }
      throw verificationBlocked();
  }
}
