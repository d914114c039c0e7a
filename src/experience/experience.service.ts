import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { writeLog } from '../audit/write-log.js';
import type { Db } from '../storage/database.js';
import type { InteractionEvent, VerificationType } from '../storage/tables/experience.js';
import { loadUserEntity } from '../users/user-entity.js';
import { toApplicationEntity } from '../webhooks/entities.js';
import { enqueueEvents, nudgeDeliveries } from '../webhooks/outbox.js';
import { findApplication, findUserStatus, recordSignIn } from './accounts.repository.js';
import { grantFirstPartyConsent } from './consent.js';
import {
  eventNotSupported,
  experienceNotStarted,
  identifierNotFound,
  identityConflict,
  userSuspended,
  verificationNotFound,
} from './errors.js';
import * as repository from './experience.repository.js';
import { clientIdOf } from './interaction.js';

/** Binds a fresh experience to the interaction; registration and password reset come later. */
export async function startExperience(db: Db, interaction: Interaction, event: InteractionEvent) {
  if (event !== 'SignIn') throw eventNotSupported(event);
  await repository.deleteExpiredExperiences(db);
  await db.transaction().execute((trx) =>
    repository.resetExperience(trx, {
      interactionUid: interaction.uid,
      interactionEvent: event,
      applicationId: clientIdOf(interaction),
      expiresAt: new Date(interaction.exp * 1000),
    }),
  );
}

export async function requireExperience(db: Db, interaction: Interaction) {
  const state = await repository.findExperience(db, interaction.uid);
  if (!state) throw experienceNotStarted();
  return state;
}

/** Identifies the user a successful verification of this same interaction proved. */
export async function identifyUser(db: Db, interaction: Interaction, verificationId: string) {
  const state = await requireExperience(db, interaction);
  const verification = await repository.findVerified(db, interaction.uid, verificationId);
  if (!verification?.user_id) throw verificationNotFound();
  await assertActive(db, verification.user_id);
  if (state.userId && state.userId !== verification.user_id) throw identityConflict();
  await repository.setIdentifiedUser(db, interaction.uid, verification.user_id);
}

// RFC 8176 authentication method references, per verification type.
const amrOf: Record<VerificationType, string> = { Password: 'pwd' };

/**
 * Finishes the interaction: the login, and for first-party applications the consent. Third-party
 * applications get the login only; oidc-provider then asks for consent, which a later issue builds.
 */
export async function submitExperience(
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
) {
  const { db, provider } = request.server.services;
  const state = await requireExperience(db, interaction);
  if (!state.userId) throw identifierNotFound();
  const accountId = state.userId;
  await assertActive(db, accountId);

  const application = await findApplication(db, state.applicationId);
  const consent =
    application && !application.is_third_party
      ? { grantId: await grantFirstPartyConsent(provider, db, interaction, accountId) }
      : undefined;
  const amr = (await repository.verifiedTypes(db, interaction.uid)).map((type) => amrOf[type]);
  const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
    login: { accountId, amr },
    ...(consent ? { consent } : {}),
  });

  await db.transaction().execute(async (trx) => {
    await recordSignIn(trx, accountId);
    await repository.deleteExperience(trx, interaction.uid);
    const user = await loadUserEntity(trx, accountId);
    await enqueueEvents(
      trx,
      {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        experience: { interactionEvent: state.interactionEvent, applicationId: state.applicationId },
      },
      [
        {
          event: 'PostSignIn',
          payload: {
            userId: accountId,
            ...(user ? { user } : {}),
            ...(application ? { application: toApplicationEntity(application) } : {}),
          },
        },
      ],
    );
    await writeLog(trx, {
      key: `Interaction.${state.interactionEvent}.Submit`,
      userId: accountId,
      applicationId: state.applicationId,
      payload: { result: 'Success', interactionUid: interaction.uid, amr, ip: request.ip },
    });
  });
  nudgeDeliveries();
  return redirectTo;
}

async function assertActive(db: Db, userId: string): Promise<void> {
  const user = await findUserStatus(db, userId);
  if (!user) throw verificationNotFound();
  if (user.is_suspended) throw userSuspended();
}
