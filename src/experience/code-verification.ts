import type { FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { verificationCodeMessage } from '../messages/templates.js';
import { deliverMessage } from '../messages/connectors.js';
import { uiLocales } from '../messages/localized-template.js';
import { guardSendLimit } from '../messages/send-limit.js';
import { checkCode, codeError, codeVerdict, createCode } from '../messages/verification-codes.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import type { InteractionEvent, VerificationType } from '../storage/tables/experience.js';
import { experienceContext } from './context.js';
import { identifierMismatch, verificationNotFound } from './errors.js';
import type { ExperienceState } from './experience.repository.js';
import * as repository from './experience.repository.js';
import { normalizeIdentifier } from '../users/normalize-identifier.js';
import { underLockout } from '../lockout/lockout.js';
import { findUserByIdentifier } from './accounts.repository.js';
import { loadSignInExperience, assertCodeAllowed } from '../sign-in-experience/sign-in-experience.js';
import type { SignInExperience } from '../sign-in-experience/sign-in-experience.schemas.js';

type SignInMode = SignInExperience['signInMode'];

export interface CodeIdentifier {
  type: 'email' | 'phone';
  value: string;
}

export const codeVerificationType = {
  email: 'EmailVerificationCode',
  phone: 'PhoneVerificationCode',
} as const satisfies Record<CodeIdentifier['type'], VerificationType>;

const purposeOf: Record<InteractionEvent, 'SignIn' | 'Register' | 'ForgotPassword'> = {
  SignIn: 'SignIn',
  Register: 'Register',
  ForgotPassword: 'ForgotPassword',
};

/**
 * Sends a code for this interaction: the send limit first (a refused send stores nothing), then
 * a pending verification whose code is stored hashed, then the message (unless nobody is to
 * get it). The id is the verification's; the code only travels in the message.
 */
export async function sendExperienceCode(
  request: FastifyRequest,
  interaction: Interaction,
  state: ExperienceState,
  raw: CodeIdentifier,
): Promise<string> {
  const services = request.server.services;
  const identifier = normalizeIdentifier(raw);
  const settings = await loadSignInExperience(services.db);
  assertCodeAllowed(settings, state.interactionEvent, identifier.type);
  await guardSendLimit(services, identifier.value, experienceContext(request, interaction, state));

  const id = newId();
  const code = await services.db.transaction().execute(async (trx) => {
    await repository.insertVerification(trx, {
      id,
      interactionUid: interaction.uid,
      type: codeVerificationType[identifier.type],
      identifier,
      userId: null,
      verifiedAt: null,
    });
    return createCode(trx, { id, purpose: 'Experience', interactionUid: interaction.uid, identifier });
  });
  if (await nobodyToReach(services.db, settings.signInMode, state, identifier)) return id;
  await deliverMessage(
    services,
    verificationCodeMessage(identifier.type, identifier.value, purposeOf[state.interactionEvent], code),
    uiLocales(interaction.params.ui_locales),
  );
  return id;
}

/**
 * Whether a code goes undelivered, though stored and answered like any other: a password-reset
 * code for an address no account has (there is nothing to reset), and, as Logto does, a sign-in
 * code for such an address only while registration is closed (`signInMode: SignIn`); otherwise
 * that code lets the person register. Register codes, and codes to link an address to the
 * account already identified, are always delivered.
 */
async function nobodyToReach(
  db: Db,
  signInMode: SignInMode,
  state: ExperienceState,
  identifier: CodeIdentifier,
): Promise<boolean> {
  if (state.interactionEvent === 'Register' || state.userId) return false;
  if (state.interactionEvent === 'SignIn' && signInMode !== 'SignIn') return false;
  return (await findUserByIdentifier(db, identifier)) === undefined;
}

/**
 * Checks the code of a pending verification of this same interaction, sent to this same
 * identifier. A wrong code counts towards the identifier's lockout.
 */
export async function verifyExperienceCode(
  request: FastifyRequest,
  interaction: Interaction,
  state: ExperienceState,
  input: { identifier: CodeIdentifier; verificationId: string; code: string },
): Promise<string> {
  const services = request.server.services;
  const identifier = normalizeIdentifier(input.identifier);
  const verification = await repository.findVerification(services.db, interaction.uid, input.verificationId);
  if (!verification || verification.type !== codeVerificationType[identifier.type])
    throw verificationNotFound();
  if (verification.identifier?.value !== identifier.value) throw identifierMismatch(identifier.type);
  if (verification.verified_at) throw codeError('not_found');

  const account = await findUserByIdentifier(services.db, identifier);
  await underLockout(
    services,
    {
      identifier,
      userId: account?.id,
      factor: 'VerificationCode',
      context: experienceContext(request, interaction, state),
    },
    async () => codeVerdict(await checkCode(services.db, verification.id, input.code)),
  );
  await repository.markVerified(services.db, verification.id);
  return verification.id;
}
