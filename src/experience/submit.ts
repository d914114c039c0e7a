import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { writeLog } from '../audit/write-log.js';
import type { InteractionIdentifier, VerificationType } from '../storage/tables/experience.js';
import { loadUserEntity } from '../users/user-entity.js';
import { findApplication } from './accounts.repository.js';
import { grantFirstPartyConsent } from './consent.js';
import { experienceContext } from './context.js';
import { experienceNotStarted } from './errors.js';
import * as repository from './experience.repository.js';
import type { ExperienceState } from './experience.repository.js';
import { FlowEvents } from './flow-events.js';
import { sameIdentifier } from '../users/normalize-identifier.js';

// RFC 8176 authentication method references, per verification type.
const amrOf: Record<VerificationType, string> = {
  Password: 'pwd',
  NewPasswordIdentity: 'pwd',
  EmailVerificationCode: 'otp',
  PhoneVerificationCode: 'sms',
  OneTimeToken: 'otp',
  Totp: 'otp',
  BackupCode: 'otp',
  WebAuthn: 'hwk',
  // No registered value names federation; `fed` says another provider authenticated the user.
  Social: 'fed',
  EnterpriseSso: 'fed',
};
const secondFactors: readonly VerificationType[] = ['Totp', 'BackupCode', 'WebAuthn'];

/** Who is signing in: the account, and the identifiers it held before this interaction. */
export interface AuthenticatedSubject {
  userId: string | undefined;
  identifiers: InteractionIdentifier[];
}

/**
 * The methods that authenticated `subject` in this interaction: its own password and second
 * factors, codes sent to its own addresses (and `mfa` when a second factor was among them). A code
 * verified for any other address (one being linked, or someone else's) proves nothing about the
 * subject and is not claimed; a factor being bound is not yet an authentication.
 */
export async function authenticationMethods(
  request: FastifyRequest,
  interactionUid: string,
  subject: AuthenticatedSubject,
): Promise<string[]> {
  const rows = await repository.verifiedVerifications(request.server.services.db, interactionUid);
  const own = rows.filter((row) =>
    row.type === 'Password' || row.identifier === null
      ? row.user_id !== null && row.user_id === subject.userId
      : subject.identifiers.some((held) => sameIdentifier(held, row.identifier!)),
  );
  const mfa = own.some((row) => secondFactors.includes(row.type)) ? ['mfa'] : [];
  return [...new Set([...own.map((row) => amrOf[row.type]), ...mfa])];
}

/**
 * The login of the interaction, and for first-party applications the consent. Third-party
 * applications get the login only; oidc-provider then asks for consent.
 */
export async function login(
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  accountId: string,
  amr: string[],
): Promise<string> {
  const { db, provider } = request.server.services;
  const application = await findApplication(db, String(interaction.params.client_id));
  const consent =
    application && !application.is_third_party
      ? { grantId: await grantFirstPartyConsent(provider, db, interaction, accountId) }
      : undefined;
  return provider.interactionResult(request.raw, reply.raw, {
    login: { accountId, amr },
    ...(consent ? { consent } : {}),
  });
}

/**
 * The closing transaction of a flow: `work` changes the account and collects events; the
 * experience row is locked first and deleted last, so of concurrent submits only one runs and
 * each flow fires its events exactly once. Events are written with the Experience API context.
 */
export async function finishFlow<T>(
  request: FastifyRequest,
  interaction: Interaction,
  state: ExperienceState,
  work: (
    trx: Parameters<typeof repository.deleteExperience>[0],
    events: FlowEvents,
  ) => Promise<{ userId: string } & T>,
): Promise<T & { userId: string }> {
  const { db, deliveries } = request.server.services;
  const application = await findApplication(db, state.applicationId);
  const outbox = deliveries.outbox();
  const result = await db.transaction().execute(async (trx) => {
    if (!(await repository.lockExperience(trx, interaction.uid))) throw experienceNotStarted();
    const events = new FlowEvents();
    const outcome = await work(trx, events);
    const user = await loadUserEntity(trx, outcome.userId);
    events.userFlow(postEventOf[state.interactionEvent], outcome.userId, user, application);
    await repository.deleteExperience(trx, interaction.uid);
    await outbox.write(trx, experienceContext(request, interaction, state), events.pending);
    await writeLog(trx, {
      key: `Interaction.${state.interactionEvent}.Submit`,
      userId: outcome.userId,
      applicationId: state.applicationId,
      payload: { result: 'Success', interactionUid: interaction.uid, ip: request.ip },
    });
    return outcome;
  });
  outbox.committed();
  return result;
}

const postEventOf = {
  SignIn: 'PostSignIn',
  Register: 'PostRegister',
  ForgotPassword: 'PostResetPassword',
} as const;
