import type { FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { TriggerContext } from '../webhooks/payload.js';
import type { ExperienceState } from './experience.repository.js';

/**
 * The Experience API context of every event a flow fires. `sessionId` is the oidc-provider
 * session the interaction belongs to, known when the browser already has one (a first sign-in
 * gets its session only when the authorization resumes, after submit).
 */
export function experienceContext(
  request: FastifyRequest,
  interaction: Interaction,
  state: Pick<ExperienceState, 'interactionEvent' | 'applicationId'>,
): TriggerContext {
  const sessionId = interaction.session?.uid;
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    experience: {
      interactionEvent: state.interactionEvent,
      ...(sessionId ? { sessionId } : {}),
      applicationId: state.applicationId,
    },
  };
}
