import type { Interaction } from 'oidc-provider';
import type { Services } from '../services.js';
import { writeLog } from '../audit/write-log.js';
import { ApiError } from '../http/errors.js';
import { codeOf } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import type { TriggerContext } from '../webhooks/payload.js';
import type { StoredPassword } from '../users/password-digest.js';
import { decoy, hashPassword, needsRehash, verifyPassword } from '../users/passwords.js';
import { upgradePasswordHash } from '../users/users.repository.js';
import { findUserByIdentifier, type SignInCandidate } from './accounts.repository.js';
import { invalidCredentials, userSuspended } from './errors.js';
import { insertVerification } from './experience.repository.js';
import { underLockout, type Verdict } from '../lockout/lockout.js';

/**
 * Checks a password for an identifier and records the successful verification in the
 * interaction. A wrong password and an unknown identifier get the same answer and both count
 * towards the identifier's lockout; suspension is only revealed to someone who knows the password.
 */
export async function verifyPasswordIdentity(
  services: Services,
  interaction: Interaction,
  identifier: InteractionIdentifier,
  password: string,
  context: TriggerContext,
): Promise<string> {
  const { db } = services;
  const user = await findUserByIdentifier(db, identifier);
  const verified = await underLockout(
    services,
    { identifier, userId: user?.id, factor: 'Password', context },
    async (): Promise<Verdict<SignInCandidate>> => {
      const matches = await verifyPassword(user?.password ?? (await decoy()), password);
      const outcome = !user || !matches ? invalidCredentials() : user.isSuspended ? userSuspended() : user;
      await audit(db, interaction.uid, identifier, user?.id ?? null, outcome);
      // Suspension is told only to someone who knows the password, and knowing it is no failure.
      if (outcome instanceof ApiError && outcome.code === codeOf('user.suspended'))
        return { outcome: 'neutral', error: outcome };
      if (outcome instanceof ApiError) return { outcome: 'failure', error: outcome };
      return { outcome: 'success', value: outcome };
    },
  );

  const id = newId();
  const rehashed = await rehash(verified.password, password);
  await db.transaction().execute(async (trx) => {
    if (rehashed) await upgradePasswordHash(trx, verified.id, verified.password!.hash, rehashed);
    await insertVerification(trx, {
      id,
      interactionUid: interaction.uid,
      type: 'Password',
      identifier,
      userId: verified.id,
      verifiedAt: new Date(),
    });
  });
  return id;
}

/** An imported digest that just matched is replaced by argon2id (hashed before the transaction). */
async function rehash(stored: StoredPassword | null, password: string): Promise<string | undefined> {
  return stored && needsRehash(stored) ? hashPassword(password) : undefined;
}

// Every attempt is recorded with its outcome; the lockout counters live in their own table.
async function audit(
  db: Db,
  interactionUid: string,
  identifier: InteractionIdentifier,
  userId: string | null,
  outcome: ApiError | object,
): Promise<void> {
  const failed = outcome instanceof ApiError;
  await writeLog(db, {
    key: 'Interaction.SignIn.Verification.Password',
    userId,
    payload: {
      result: failed ? 'Error' : 'Success',
      ...(failed ? { error: outcome.code } : {}),
      interactionUid,
      // An identifier nobody has is often a password typed in the wrong field: not kept.
      identifier: userId ? identifier : { type: identifier.type },
    },
  });
}
