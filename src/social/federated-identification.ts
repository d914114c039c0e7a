import type { Db } from '../storage/database.js';
import type { ExperienceProfile } from '../storage/tables/experience.js';
import { apiError } from '../http/error-registry.js';
import { findUserByIdentifier } from '../experience/accounts.repository.js';
import {
  identityConflict,
  notSupportedForForgotPassword,
  signInMethodNotEnabled,
} from '../experience/errors.js';
import * as experience from '../experience/experience.repository.js';
import type { ExperienceState } from '../experience/experience.repository.js';
import { assertActive, assertEmailNotSsoOnly } from '../experience/identity-checks.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { findUserBySsoIdentity } from '../sso/sso-connectors.repository.js';
import { emailOutsideDomains } from './sso-email-trust.js';
import { findFederatedOutcome, type FederatedOutcome } from './federated-verification.js';
import {
  attributeFederatedVerification,
  findUserBySocialIdentity,
} from './federated-verifications.repository.js';
import { identityDetails } from './social-identity.js';

export const identityNotExist = (data?: unknown) => apiError('user.identity_not_exist#federated', { data });

const identityInUse = () => apiError('user.identity_already_in_use#federated');

/** `a***@example.com`: enough for the person to recognise the account, not to learn it. */
const maskEmail = (email: string) => `${email.slice(0, 1)}***${email.slice(email.indexOf('@'))}`;

/**
 * `POST /identification` with a social or SSO verification; false when the verification is of
 * another kind. SSO identifies only while the sign-in experience has it on. SignIn: the linked account, else (SSO always, social only when the person
 * confirmed with `linkSocialIdentity`) the account of the provider's verified e-mail, linked at
 * submit; else `user.identity_not_exist` (naming the related account masked, for the
 * confirmation). Register: a new account with the identity (and the verified e-mail). An SSO
 * e-mail outside the connector's domains is unverified (`trustWithinDomains`), and an account
 * holding it is refused in both flows.
 */
export async function identifyFederated(
  db: Db,
  state: ExperienceState,
  verificationId: string,
  options: { linkSocialIdentity?: boolean },
): Promise<boolean> {
  const uid = state.interactionUid;
  const social = await findFederatedOutcome({ db }, uid, verificationId, 'Social');
  const outcome = social ?? (await findFederatedOutcome({ db }, uid, verificationId, 'EnterpriseSso'));
  if (!outcome) return false;
  if (state.interactionEvent === 'ForgotPassword') throw notSupportedForForgotPassword();
  const isSocial = Boolean(social);
  if (!isSocial && !(await loadSignInExperience(db)).singleSignOnEnabled) throw signInMethodNotEnabled();
  const { identity } = outcome;
  // A social provider's word for an SSO-claimed e-mail is no way around the enterprise's IdP,
  // not even through an identity linked before the domain was claimed (verified or not, as Logto).
  if (isSocial && identity.email) await assertEmailNotSsoOnly(db, identity.email);
  const linkedTo = isSocial
    ? (await findUserBySocialIdentity(db, outcome.namespace, identity.id))?.id
    : (await findUserBySsoIdentity(db, outcome.namespace, identity.id))?.user_id;
  // An SSO provider vouching for another domain's address gets no account of it, not even a second one beside it.
  if (!linkedTo && identity.emailOutsideDomains && identity.email) {
    if (await findUserByIdentifier(db, { type: 'email', value: identity.email })) throw emailOutsideDomains();
  }
  const related =
    identity.emailVerified && identity.email
      ? await findUserByIdentifier(db, { type: 'email', value: identity.email })
      : undefined;
  const link = linkOf(outcome, isSocial);

  if (state.interactionEvent === 'SignIn') {
    const signIn = (userId: string, profile: ExperienceProfile) =>
      identifyAs(db, state, verificationId, userId, profile);
    if (linkedTo) return signIn(linkedTo, isSocial ? {} : link);
    if (related && (!isSocial || options.linkSocialIdentity)) return signIn(related.id, link);
    throw identityNotExist(
      related && identity.email
        ? { relatedUser: { type: 'email', value: maskEmail(identity.email) } }
        : undefined,
    );
  }
  if (linkedTo) throw identityInUse();
  if (related) throw apiError('user.email_already_in_use');
  await experience.mergeProfile(db, uid, {
    ...link,
    ...(identity.emailVerified && identity.email ? { primaryEmail: identity.email } : {}),
    ...(identity.name ? { name: identity.name } : {}),
    ...(identity.avatar ? { avatar: identity.avatar } : {}),
  });
  return true;
}

function linkOf(outcome: FederatedOutcome, isSocial: boolean): ExperienceProfile {
  const details = identityDetails(outcome.identity);
  return isSocial
    ? { socialIdentity: { target: outcome.namespace, userId: outcome.identity.id, details } }
    : {
        ssoIdentity: {
          connectorId: outcome.connectorId,
          issuer: outcome.namespace,
          identityId: outcome.identity.id,
          detail: details,
        },
      };
}

async function identifyAs(
  db: Db,
  state: ExperienceState,
  verificationId: string,
  userId: string,
  profile: ExperienceProfile,
) {
  await assertActive(db, userId);
  if (state.userId && state.userId !== userId) throw identityConflict();
  await experience.setIdentifiedUser(db, state.interactionUid, userId);
  // The verification now authenticated this account (its `fed` in the ID token's `amr`).
  await attributeFederatedVerification(db, verificationId, userId);
  if (Object.keys(profile).length > 0) await experience.mergeProfile(db, state.interactionUid, profile);
  return true;
}
