import type { FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { experienceContext } from '../experience/context.js';
import { identifierNotFound } from '../experience/errors.js';
import type { ExperienceState } from '../experience/experience.repository.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import type { MfaFactor } from '../storage/tables/mfa.js';
import { factorNotEnabled } from './errors.js';
import { firstFactorIdentifier } from './mfa-verifications.repository.js';

/** One Experience API call: the request, its interaction and the experience state. */
export interface ExperienceStep {
  request: FastifyRequest;
  interaction: Interaction;
  state: ExperienceState;
}

export const contextOf = ({ request, interaction, state }: ExperienceStep) =>
  experienceContext(request, interaction, state);

/** The factor must be allowed by the sign-in experience, and MFA has no place in a reset. */
export async function assertFactorEnabled(step: ExperienceStep, factor: MfaFactor): Promise<void> {
  const settings = await loadSignInExperience(step.request.server.services.db);
  if (step.state.interactionEvent === 'ForgotPassword' || !settings.mfa.factors.includes(factor))
    throw factorNotEnabled();
}

/** A challenge is answered by the identified user of a sign-in. */
export function identifiedUser(step: ExperienceStep): string {
  if (step.state.interactionEvent !== 'SignIn' || !step.state.userId) throw identifierNotFound();
  return step.state.userId;
}

/** Whose lockout a failed second factor counts towards: the identifier the user signed in with. */
export async function lockoutIdentifier(step: ExperienceStep, userId: string) {
  const db = step.request.server.services.db;
  return (
    (await firstFactorIdentifier(db, step.interaction.uid)) ?? { type: 'username' as const, value: userId }
  );
}
