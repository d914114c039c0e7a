import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireExperience } from '../experience/experience.service.js';
import { currentInteraction } from '../experience/interaction.js';
import { errors, verificationId, verificationResponse } from '../experience/route-schemas.js';
import type { Db } from '../storage/database.js';
import {
  completeFederatedVerification,
  startFederatedVerification,
  type FederatedConnector,
} from './federated-verification.js';
import { socialConnector } from './social-connectors.js';
import { ssoConnectorIdsForDomain } from '../sso/sso-connectors.repository.js';
import { ssoConnector } from './sso-lookup.js';
import { emailDomain } from '../users/normalize-identifier.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';

const authorizationBody = z.object({
  state: z.string().min(8).max(512),
  redirectUri: z.url({ protocol: /^https?$/ }).max(2000),
});
const verifyBody = z.object({
  connectorData: z.record(z.string(), z.unknown()),
  verificationId,
});
const authorizationResponse = z.object({ authorizationUri: z.string(), verificationId: z.string() });

/**
 * Social and enterprise SSO verifications of the Experience API: the provider's authorization
 * URL for the browser, then its callback's data verified into an identity. Identification and
 * submit then sign in, register or link as for any verification.
 */
export const federatedExperienceRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const services = app.services;
  const schema = { tags: ['Experience'], security: [] };
  const kinds: [string, (db: Db, id: string) => Promise<FederatedConnector>][] = [
    ['social', socialConnector],
    ['sso', ssoConnector],
  ];

  app.get(
    '/sso-connectors',
    {
      schema: {
        ...schema,
        summary:
          'The enterprise SSO connectors that claim the domain of an e-mail address (identifier step); none while SSO is off',
        querystring: z.object({
          email: z
            .string()
            .trim()
            .toLowerCase()
            .max(320)
            .regex(/^[^@\s]+@[^@\s]+$/),
        }),
        response: { 200: z.object({ connectorIds: z.array(z.string()) }), ...errors(400) },
      },
    },
    async (request) => ({
      connectorIds: (await loadSignInExperience(services.db)).singleSignOnEnabled
        ? await ssoConnectorIdsForDomain(services.db, emailDomain(request.query.email))
        : [],
    }),
  );

  for (const [kind, lookup] of kinds) {
    app.post(
      `/verification/${kind}/:connectorId/authorization-uri`,
      {
        schema: {
          ...schema,
          summary: `Start a ${kind === 'sso' ? 'enterprise SSO' : 'social'} verification: the provider's authorization URI`,
          params: z.object({ connectorId: z.string().min(1).max(128) }),
          body: authorizationBody,
          response: { 200: authorizationResponse, ...errors(400, 404, 502) },
        },
      },
      async (request, reply) => {
        const interaction = await currentInteraction(request, reply);
        await requireExperience(services.db, interaction);
        const connector = await lookup(services.db, request.params.connectorId);
        return startFederatedVerification(services, interaction, connector, request.body);
      },
    );

    app.post(
      `/verification/${kind}/:connectorId/verify`,
      {
        schema: {
          ...schema,
          summary: `Verify the provider's callback data (code, state) of a ${kind === 'sso' ? 'SSO' : 'social'} verification`,
          params: z.object({ connectorId: z.string().min(1).max(128) }),
          body: verifyBody,
          response: { 200: verificationResponse, ...errors(400, 404, 502) },
        },
      },
      async (request, reply) => {
        const interaction = await currentInteraction(request, reply);
        await requireExperience(services.db, interaction);
        const connector = await lookup(services.db, request.params.connectorId);
        return {
          verificationId: await completeFederatedVerification(services, interaction, connector, request.body),
        };
      },
    );
  }
};
