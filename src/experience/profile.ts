import type { Interaction } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { findUser } from '../users/users.repository.js';
import { currentPassword } from './accounts.repository.js';
import { apiError } from '../http/error-registry.js';
import {
  identifierNotFound,
  notSupportedForForgotPassword,
  profileNotSupported,
  samePassword,
  verificationNotFound,
} from './errors.js';
import * as repository from './experience.repository.js';
import type { ExperienceState } from './experience.repository.js';
import { addVerifiedIdentifier, requireVerified } from './identification.js';
import { assertEmailNotSsoOnly, assertIdentifierFree } from './identity-checks.js';
import { assertPasswordAccepted } from './password-policy.js';
import { assertSignUpAllowed, loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';

export type ProfileInput =
  | { type: 'username'; value: string }
  | { type: 'password'; value: string }
  | { type: 'email'; verificationId: string }
  | { type: 'phone'; verificationId: string };

/**
 * `POST /profile`: what the account is missing. Register: username, password, verified e-mail
 * or phone. SignIn: a verified e-mail or phone to link to the identified account (applied at
 * submit). ForgotPassword: the new password of the identified account. Nothing is written to
 * the account before submit.
 */
export async function addProfile(
  db: Db,
  interaction: Interaction,
  state: ExperienceState,
  input: ProfileInput,
) {
  const uid = interaction.uid;
  const event = state.interactionEvent;
  if (input.type === 'email' || input.type === 'phone') {
    if (event === 'ForgotPassword') throw notSupportedForForgotPassword('profile');
    const verification = await requireVerified(db, uid, input.verificationId);
    if (verification.identifier?.type !== input.type) throw verificationNotFound();
    if (input.type === 'email') await assertEmailNotSsoOnly(db, verification.identifier.value);
    if (event === 'Register') return addVerifiedIdentifier(db, uid, verification);
    if (!state.userId) throw identifierNotFound();
    await assertIdentifierFree(db, verification.identifier, state.userId);
    const value = verification.identifier.value;
    return repository.mergeProfile(
      db,
      uid,
      input.type === 'email' ? { primaryEmail: value } : { primaryPhone: value },
    );
  }
  if (input.type === 'username') {
    if (event === 'ForgotPassword') throw notSupportedForForgotPassword('profile');
    // At sign-in only an account without a username gets one (when the sign-up settings ask for it).
    if (event === 'SignIn') {
      if (!state.userId) throw identifierNotFound();
      if ((await findUser(db, state.userId))?.username) throw profileNotSupported('username', event);
    } else assertSignUpAllowed(await loadSignInExperience(db), 'username');
    await assertIdentifierFree(db, { type: 'username', value: input.value }, state.userId ?? undefined);
    return repository.mergeProfile(db, uid, { username: input.value });
  }
  if (event === 'SignIn') throw profileNotSupported(input.type, event);
  return setPassword(db, uid, state, input.value);
}

/** `PUT /profile/password`: the new password of a ForgotPassword experience, written at submit. */
export async function resetPassword(db: Db, state: ExperienceState, password: string) {
  if (state.interactionEvent !== 'ForgotPassword') throw apiError('session.invalid_interaction_type');
  if (!state.userId) throw identifierNotFound();
  await setPassword(db, state.interactionUid, state, password);
}

/** Checked against the policy and the identifiers known at this point; stored only as a hash. */
async function setPassword(db: Db, uid: string, state: ExperienceState, password: string) {
  const { passwordPolicy } = await loadSignInExperience(db);
  if (state.interactionEvent === 'Register') {
    const { username, primaryEmail, primaryPhone } = state.profile;
    assertPasswordAccepted(passwordPolicy, password, { username, email: primaryEmail, phone: primaryPhone });
  } else {
    if (!state.userId) throw identifierNotFound();
    const user = await findUser(db, state.userId);
    if (!user) throw identifierNotFound();
    assertPasswordAccepted(passwordPolicy, password, {
      username: user.username,
      email: user.primary_email,
      phone: user.primary_phone,
    });
    const current = await currentPassword(db, user.id);
    if (current && (await verifyPassword(current, password))) throw samePassword();
  }
  await repository.mergeProfile(db, uid, { passwordHash: await hashPassword(password) });
}
