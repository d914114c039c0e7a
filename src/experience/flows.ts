import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { assertMfaSatisfied, bindPendingFactors } from '../mfa/submit-mfa.js';
import { insertUserWithDefaults, setPasswordHash, updateUser } from '../users/users.service.js';
import { claimRemoteIdentities, linkRemoteIdentities } from '../social/link-identities.js';
import { toUserEntity } from '../webhooks/entities.js';
import { findPrimaryEmail, findSignInIdentifiers, recordSignIn } from './accounts.repository.js';
import { identifierNotFound, missingProfile } from './errors.js';
import type { ExperienceState } from './experience.repository.js';
import { verifiedCodeIdentifiers } from './experience.repository.js';
import { assertActive, assertIdentifierFree } from './identity-checks.js';
import {
  assertEventOpen,
  assertSignUpAllowed,
  loadSignInExperience,
} from '../sign-in-experience/sign-in-experience.js';
import { missingIdentifiers } from './mandatory-profile.js';
import { findUser } from '../users/users.repository.js';
import { invitedByOneTimeToken, oneTimeTokenOrganizations } from './one-time-token-verification.js';
import { authenticationMethods, finishFlow, login } from './submit.js';
import { customProfileAtSubmit } from './custom-profile.js';

/**
 * SignIn: the identified account signs in; an e-mail or phone verified for linking is written to
 * it (`User.Data.Updated`), a verified e-mail of a provisioning domain joins organizations.
 */
export async function submitSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  state: ExperienceState,
): Promise<string> {
  const { db } = request.server.services;
  const userId = state.userId;
  if (!userId) throw identifierNotFound();
  await assertActive(db, userId);
  const { username, primaryEmail, primaryPhone } = state.profile;
  if (username) await assertIdentifierFree(db, { type: 'username', value: username }, userId);
  if (primaryEmail) await assertIdentifierFree(db, { type: 'email', value: primaryEmail }, userId);
  if (primaryPhone) await assertIdentifierFree(db, { type: 'phone', value: primaryPhone }, userId);
  const stored = await findUser(db, userId);
  const missing = missingIdentifiers(await loadSignInExperience(db), {
    username: username ?? stored?.username,
    primaryEmail: primaryEmail ?? stored?.primary_email,
    primaryPhone: primaryPhone ?? stored?.primary_phone,
  });
  if (missing.length > 0) throw missingProfile(missing);
  await assertMfaSatisfied(db, state, userId);

  const amr = await authenticationMethods(request, interaction.uid, {
    userId,
    identifiers: await findSignInIdentifiers(db, userId),
  });
  const redirectTo = await login(request, reply, interaction, userId, amr);
  const verified = await verifiedCodeIdentifiers(db, interaction.uid);
  await finishFlow(request, interaction, state, async (trx, events) => {
    const linked =
      username || primaryEmail || primaryPhone
        ? await updateUser(trx, events, userId, {
            ...(username ? { username } : {}),
            ...(primaryEmail ? { primaryEmail } : {}),
            ...(primaryPhone ? { primaryPhone } : {}),
          })
        : undefined;
    await bindPendingFactors(trx, events, userId, state);
    await linkRemoteIdentities(trx, events, userId, state.profile, false);
    await recordSignIn(trx, userId);
    const email = (linked?.primaryEmail ?? (await findPrimaryEmail(trx, userId)))?.toLowerCase();
    const emails = verified.filter((i) => i.type === 'email' && i.value === email).map((i) => i.value);
    await events.provision(trx, userId, emails);
    await events.join(trx, userId, await oneTimeTokenOrganizations(trx, interaction.uid, email));
    return { userId };
  });
  return redirectTo;
}

/**
 * Register: the collected profile becomes a new account with the default roles (`User.Created`),
 * a verified e-mail of a provisioning domain joins organizations, and the new user signs in.
 */
export async function submitRegistration(
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  state: ExperienceState,
): Promise<string> {
  const { db } = request.server.services;
  const settings = await loadSignInExperience(db);
  const { username, primaryEmail, primaryPhone, passwordHash, name, avatar } = state.profile;
  // A social or SSO identity identifies the new account and signs it in: no password needed.
  const { socialIdentity, ssoIdentity } = state.profile;
  const federated = Boolean(socialIdentity ?? ssoIdentity);
  const missing = [
    ...(!username && !primaryEmail && !primaryPhone && !federated ? ['identifier'] : []),
    ...((username || (settings.signUp.password && !federated)) && !passwordHash ? ['password'] : []),
    ...missingIdentifiers(settings, { username, primaryEmail, primaryPhone }),
  ];
  const custom = await customProfileAtSubmit(db, state);
  missing.push(...custom.missing);
  if (missing.length > 0) throw missingProfile(missing);
  // Closed registration admits only the address a one-time token of this interaction invites.
  if (!(primaryEmail && (await invitedByOneTimeToken(db, interaction.uid, primaryEmail))))
    assertEventOpen(settings, 'Register');
  if (username) assertSignUpAllowed(settings, 'username');
  if (primaryEmail && !federated) assertSignUpAllowed(settings, 'email');
  if (primaryPhone) assertSignUpAllowed(settings, 'phone');
  await assertMfaSatisfied(db, state, undefined);

  // The new account's own addresses are the ones its codes were sent to; a remote identity it is
  // made from was verified by its provider in this interaction (`fed`, never `pwd`).
  const amr = [
    ...(await authenticationMethods(request, interaction.uid, {
      userId: undefined,
      identifiers: [
        ...(primaryEmail ? [{ type: 'email' as const, value: primaryEmail }] : []),
        ...(primaryPhone ? [{ type: 'phone' as const, value: primaryPhone }] : []),
      ],
    })),
    ...(federated ? ['fed'] : []),
  ];
  const { userId } = await finishFlow(request, interaction, state, async (trx, events) => {
    await claimRemoteIdentities(trx, state.profile);
    const identities = socialIdentity
      ? { [socialIdentity.target]: { userId: socialIdentity.userId, details: socialIdentity.details } }
      : undefined;
    const user = await insertUserWithDefaults(trx, {
      username,
      primaryEmail,
      primaryPhone,
      passwordHash,
      name: custom.members.name ?? name,
      avatar: custom.members.avatar ?? avatar,
      profile: custom.members.profile,
      customData: custom.members.customData,
      identities,
    });
    events.emit('User.Created', { data: toUserEntity(user) });
    await bindPendingFactors(trx, null, user.id, state);
    await linkRemoteIdentities(trx, events, user.id, state.profile, true);
    await recordSignIn(trx, user.id);
    if (primaryEmail) await events.provision(trx, user.id, [primaryEmail]);
    await events.join(trx, user.id, await oneTimeTokenOrganizations(trx, interaction.uid, primaryEmail));
    return { userId: user.id };
  });
  return login(request, reply, interaction, userId, amr.length > 0 ? amr : ['pwd']);
}

/** ForgotPassword: the identified account gets the new password (`User.Data.Updated`); no login. */
export async function submitPasswordReset(
  request: FastifyRequest,
  interaction: Interaction,
  state: ExperienceState,
) {
  const userId = state.userId;
  if (!userId) throw identifierNotFound();
  const { passwordHash } = state.profile;
  if (!passwordHash) throw missingProfile(['password']);
  await assertActive(request.server.services.db, userId);
  await finishFlow(request, interaction, state, async (trx, events) => {
    await setPasswordHash(trx, events, userId, passwordHash);
    return { userId };
  });
}
