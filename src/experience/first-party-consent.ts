import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { findApplication } from './accounts.repository.js';
import { grantFirstPartyConsent } from './consent.js';
import { clientIdOf } from './interaction.js';

/**
 * As Logto, a first-party application is never asked for consent. A sign-in through the
 * Experience API grants it with the login; this covers an authorization whose session already
 * authenticated the user (another application of the same tenant, or new scopes asked for), which
 * oidc-provider sends to the sign-in page with the consent prompt only. Returns where the browser
 * goes on to, or undefined when there is nothing to skip (no interaction, a login to do, a
 * third-party application).
 */
export async function skipFirstPartyConsent(
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction | undefined,
): Promise<string | undefined> {
  const { db, provider } = request.server.services;
  const accountId = interaction?.session?.accountId;
  if (!interaction || interaction.prompt.name !== 'consent' || !accountId) return undefined;
  const application = await findApplication(db, clientIdOf(interaction));
  if (!application || application.is_third_party) return undefined;
  const grantId = await grantFirstPartyConsent(provider, db, interaction, accountId);
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
