import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentInteraction, findInteraction } from '../experience/interaction.js';
import { skipFirstPartyConsent } from '../experience/first-party-consent.js';
import { errors } from '../experience/route-schemas.js';
import { lockoutPolicy } from '../lockout/lockout.js';
import { findApplication } from '../experience/accounts.repository.js';
import { experienceSummary, summarizeExperience } from '../experience/interaction-summary.js';
import { HOSTED_HEADERS, hostedHtml, NOT_BUILT, uiLocalesMeta } from '../http/hosted-page.js';
import { authorizationHints, authorizationHintsOf } from '../oidc/authorization-params.js';
import { loadPublicSignInExperience, publicSignInExperience } from './public-sign-in-experience.js';

async function sendHosted(reply: FastifyReply, interaction: Interaction | undefined) {
  // The request's ui_locales pick the page's language (hosted/src/i18n.ts) before it asks anything.
  const html = await hostedHtml(uiLocalesMeta(interaction?.params.ui_locales));
  reply.headers(HOSTED_HEADERS);
  if (!html) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
  return reply.type('text/html; charset=utf-8').send(html);
}

const interactionInfo = experienceSummary.extend({
  uid: z.string(),
  prompt: z.string().describe('`login` or `consent`: what oidc-provider asks for'),
  application: z.object({ id: z.string(), name: z.string(), isThirdParty: z.boolean() }),
  authorization: authorizationHints,
  limits: z
    .object({ lockoutSeconds: z.number().int(), sendMinIntervalSeconds: z.number().int() })
    .describe('The longest waits a lockout or the send limit can impose, for the page to say'),
});

/**
 * The hosted end-user pages (the built `hosted/` app) at /sign-in and below, and the two public
 * reads they need besides the Experience API: the sign-in experience (Logto's
 * /api/.well-known/sign-in-exp) and what the current interaction is about.
 */
export const hostedRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get('/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const interaction = await findInteraction(request, reply);
    const consented = await skipFirstPartyConsent(request, reply, interaction);
    return consented ? reply.redirect(consented, 303) : sendHosted(reply, interaction);
  });
  app.get('/sign-in/*', { schema: { hide: true } }, async (request, reply) =>
    sendHosted(reply, await findInteraction(request, reply)),
  );

  app.get(
    '/api/.well-known/sign-in-exp',
    {
      schema: {
        tags: ['Experience'],
        security: [],
        summary: 'The sign-in experience settings, for sign-in pages',
        response: { 200: publicSignInExperience },
      },
    },
    async (request) => loadPublicSignInExperience(request.server.services.db),
  );

  app.get(
    '/api/experience/interaction',
    {
      schema: {
        tags: ['Experience'],
        security: [],
        summary: 'The current interaction: its prompt and application, and the experience so far',
        response: { 200: interactionInfo, ...errors(400) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const clientId = String(interaction.params.client_id);
      const { services } = request.server;
      const { db, config } = services;
      const application = await findApplication(db, clientId);
      return {
        ...(await summarizeExperience(db, interaction.uid)),
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        application: {
          id: clientId,
          name: application?.name ?? clientId,
          isThirdParty: Boolean(application?.is_third_party),
        },
        authorization: authorizationHintsOf(interaction.params),
        limits: {
          lockoutSeconds: (await lockoutPolicy(services)).lockSeconds,
          sendMinIntervalSeconds: config.messages.sendMinIntervalSeconds,
        },
      };
    },
  );
};
