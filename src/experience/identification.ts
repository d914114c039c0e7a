import type { Interaction } from 'oidc-provider';
import type { Db } from '../storage/database.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { apiError } from '../http/error-registry.js';
import { identifyFederated } from '../social/federated-identification.js';
import { findUserByIdentifier } from './accounts.repository.js';
import {
  identityConflict,
  notSupportedForForgotPassword,
  userNotExist,
  verificationFailed,
  verificationNotFound,
} from './errors.js';
import * as repository from './experience.repository.js';
import type { ExperienceState } from './experience.repository.js';
import { assertActive, assertEmailNotSsoOnly, assertIdentifierFree } from './identity-checks.js';
import { addNewPasswordIdentity } from './new-password-identity.js';
import {
  assertSignInAllowed,
  assertSignUpAllowed,
  loadSignInExperience,
} from '../sign-in-experience/sign-in-experience.js';

type Verified = NonNullable<Awaited<ReturnType<typeof repository.findVerified>>>;

const isCode = (verification: Verified) =>
  verification.type === 'EmailVerificationCode' || verification.type === 'PhoneVerificationCode';
// A one-time token proves an e-mail address as a code does, but never resets a password.
const provesAddress = (verification: Verified) =>
  isCode(verification) || verification.type === 'OneTimeToken';
// Second factors never identify anyone: they are checked after identification, at submit.
const isFirstFactor = (verification: Verified) =>
  verification.type === 'Password' || provesAddress(verification);

/**
 * `POST /identification` per flow. SignIn: the account a verification proved (its password, or a
 * code sent to its e-mail/phone). ForgotPassword: the account of a verified code. Register: a
 * verified e-mail/phone becomes the new account's identifier; without a verification, the call
 * only checks that the profile is complete.
 */
export async function identify(
  db: Db,
  interaction: Interaction,
  state: ExperienceState,
  verificationId: string | undefined,
  options: { linkSocialIdentity?: boolean } = {},
): Promise<void> {
  if (verificationId && (await identifyFederated(db, state, verificationId, options))) return;
  const verification = verificationId
    ? await requireVerified(db, interaction.uid, verificationId)
    : undefined;
  if (verification?.type === 'NewPasswordIdentity') {
    if (state.interactionEvent !== 'Register') throw verificationFailed();
    return addNewPasswordIdentity(db, state, verification);
  }
  if (verification && !isFirstFactor(verification)) throw verificationNotFound();
  if (verification && state.interactionEvent !== 'ForgotPassword') await assertNotSsoOnly(db, verification);

  if (state.interactionEvent === 'Register') {
    if (verification) await addVerifiedIdentifier(db, interaction.uid, verification);
    return;
  }
  if (!verification) throw apiError('guard.invalid_target', { event: state.interactionEvent });
  if (state.interactionEvent === 'ForgotPassword' && !isCode(verification))
    throw notSupportedForForgotPassword();
  const userId = await accountOf(db, state, verification);
  await assertActive(db, userId);
  if (state.userId && state.userId !== userId) throw identityConflict();
  await repository.setIdentifiedUser(db, interaction.uid, userId);
}

/** 404 for an id this interaction does not have, 400 for one that has not succeeded. */
export async function requireVerified(db: Db, interactionUid: string, id: string): Promise<Verified> {
  const verification = await repository.findVerification(db, interactionUid, id);
  if (!verification) throw verificationNotFound();
  if (!verification.verified_at) throw verificationFailed();
  return verification;
}

/**
 * Logto's `session.sso_enabled`: while SSO is on, an e-mail of a domain an SSO connector claims
 * signs in and registers only through that connector, not with a password or a code.
 */
async function assertNotSsoOnly(db: Db, verification: Verified) {
  const identifier = verification.identifier;
  if (identifier?.type === 'email') await assertEmailNotSsoOnly(db, identifier.value);
}

async function accountOf(db: Db, state: ExperienceState, verification: Verified): Promise<string> {
  if (verification.type === 'Password' && verification.user_id) return verification.user_id;
  const identifier = verification.identifier!;
  // An administrator issued the token for this address: it signs in whatever the sign-in methods.
  if (state.interactionEvent === 'SignIn' && verification.type !== 'OneTimeToken') {
    assertSignInAllowed(await loadSignInExperience(db), identifier.type, 'verificationCode');
  }
  const user = await findUserByIdentifier(db, identifier);
  if (!user) throw userNotExist();
  return user.id;
}

/** A registration's e-mail or phone, proven by a code of this interaction and not taken. */
export async function addVerifiedIdentifier(db: Db, interactionUid: string, verification: Verified) {
  if (!provesAddress(verification)) throw verificationNotFound();
  const identifier = verification.identifier as InteractionIdentifier & { type: 'email' | 'phone' };
  assertSignUpAllowed(await loadSignInExperience(db), identifier.type);
  await assertIdentifierFree(db, identifier);
  await repository.mergeProfile(
    db,
    interactionUid,
    identifier.type === 'email' ? { primaryEmail: identifier.value } : { primaryPhone: identifier.value },
  );
}
