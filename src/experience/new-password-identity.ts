import type { Interaction } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { hashPassword } from '../users/passwords.js';
import type { ExperienceState } from './experience.repository.js';
import * as repository from './experience.repository.js';
import { assertIdentifierFree } from './identity-checks.js';
import { assertPasswordAccepted } from './password-policy.js';
import { assertSignUpAllowed, loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';

type Verified = NonNullable<Awaited<ReturnType<typeof repository.findVerified>>>;

/**
 * Logto's `NewPasswordIdentity`: a username and a password for a new account, checked now (the
 * username enabled and free, the password to the policy) and used by `POST /identification` of a
 * registration. Only the password's hash is kept.
 */
export async function createNewPasswordIdentity(
  db: Db,
  interaction: Interaction,
  identifier: { type: 'username'; value: string },
  password: string,
): Promise<string> {
  const settings = await loadSignInExperience(db);
  assertSignUpAllowed(settings, 'username');
  await assertIdentifierFree(db, identifier);
  assertPasswordAccepted(settings.passwordPolicy, password, { username: identifier.value });
  const id = newId();
  await repository.insertVerification(db, {
    id,
    interactionUid: interaction.uid,
    type: 'NewPasswordIdentity',
    identifier,
    userId: null,
    verifiedAt: new Date(),
    payload: { passwordHash: await hashPassword(password) },
  });
  return id;
}

/** At a registration's identification: the username and password join the new account's profile. */
export async function addNewPasswordIdentity(db: Db, state: ExperienceState, verification: Verified) {
  const username = verification.identifier!.value;
  assertSignUpAllowed(await loadSignInExperience(db), 'username');
  await assertIdentifierFree(db, { type: 'username', value: username });
  const passwordHash = String(verification.payload.passwordHash);
  await repository.mergeProfile(db, state.interactionUid, { username, passwordHash });
}
