import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { deleteExpiredIdentityVerifications } from '../account/identity-verifications.repository.js';
import { deleteIdleSendCounters } from '../messages/send-limit.repository.js';
import { deleteExpiredCodes } from '../messages/verification-codes.repository.js';
import type { Db } from '../storage/database.js';
import type { InteractionEvent } from '../storage/tables/experience.js';
import { eventSwitchNotSupported, experienceNotStarted } from './errors.js';
import * as repository from './experience.repository.js';
import { submitPasswordReset, submitRegistration, submitSignIn } from './flows.js';
import { identify } from './identification.js';
import { clientIdOf } from './interaction.js';
import { invitedByOneTimeToken } from './one-time-token-verification.js';
import { deleteStaleLockouts } from '../lockout/lockout.repository.js';
import { assertEventOpen, loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';

/** Binds a fresh experience to the interaction, forgetting any earlier one of it. */
export async function startExperience(
  request: FastifyRequest,
  interaction: Interaction,
  event: InteractionEvent,
) {
  const { db, config } = request.server.services;
  assertEventOpen(await loadSignInExperience(db), event);
  await sweep(db, config.lockout.windowSeconds);
  await db.transaction().execute((trx) =>
    repository.resetExperience(trx, {
      interactionUid: interaction.uid,
      interactionEvent: event,
      applicationId: clientIdOf(interaction),
      expiresAt: new Date(interaction.exp * 1000),
    }),
  );
}

// Leftovers of finished or abandoned flows go whenever a new one starts: no background job needed.
async function sweep(db: Db, lockoutWindowSeconds: number) {
  await repository.deleteExpiredExperiences(db);
  await deleteExpiredCodes(db);
  await deleteExpiredIdentityVerifications(db);
  await deleteIdleSendCounters(db);
  await deleteStaleLockouts(db, lockoutWindowSeconds);
}

/**
 * SignIn and Register switch into each other keeping the verifications (an e-mail verified to
 * sign in can register when no account has it); ForgotPassword is only entered by a new PUT.
 * A verified one-time token opens Register even while registration is closed.
 */
export async function switchInteractionEvent(db: Db, interaction: Interaction, event: InteractionEvent) {
  const state = await requireExperience(db, interaction);
  if (state.interactionEvent === event) return;
  if (state.interactionEvent === 'ForgotPassword' || event === 'ForgotPassword')
    throw eventSwitchNotSupported();
  if (!(event === 'Register' && (await invitedByOneTimeToken(db, interaction.uid))))
    assertEventOpen(await loadSignInExperience(db), event);
  await repository.switchEvent(db, interaction.uid, event);
}

export async function requireExperience(db: Db, interaction: Interaction) {
  const state = await repository.findExperience(db, interaction.uid);
  if (!state) throw experienceNotStarted();
  return state;
}

export async function identifyUser(
  db: Db,
  interaction: Interaction,
  verificationId: string | undefined,
  options: { linkSocialIdentity?: boolean } = {},
) {
  const state = await requireExperience(db, interaction);
  await identify(db, interaction, state, verificationId, options);
}

/** Finishes the flow; SignIn and Register answer where the browser goes next, ForgotPassword nothing. */
export async function submitExperience(
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<string | undefined> {
  const state = await requireExperience(request.server.services.db, interaction);
  switch (state.interactionEvent) {
    case 'SignIn':
      return submitSignIn(request, reply, interaction, state);
    case 'Register':
      return submitRegistration(request, reply, interaction, state);
    case 'ForgotPassword':
      await submitPasswordReset(request, interaction, state);
      return undefined;
  }
}
