import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../http/error-registry.js';
import { findUser } from '../users/users.repository.js';
import { findApplication } from './accounts.repository.js';
import { grantFirstPartyConsent } from './consent.js';
import { describeResourceScopes } from './consent-scopes.repository.js';
import { ORGANIZATIONS_SCOPE } from '../oidc/organization-tokens.js';
import { organizationsToChoose, recordOrganizationChoice } from './consent-organizations.js';
import { currentInteraction } from './interaction.js';
import { thirdPartyResourceScopes } from '../oidc/third-party-scopes.js';
import { errors } from './route-schemas.js';

const notAskingConsent = () => apiError('session.consent_not_required');

const consentInfo = z.object({
  application: z.object({ id: z.string(), name: z.string(), description: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.string()).describe('OpenID scopes asked for'),
  resources: z.array(
    z.object({
      indicator: z.string(),
      name: z.string().describe('The API resource’s name'),
      scopes: z.array(
        z.object({
          name: z.string(),
          description: z.string().optional().describe('What the scope allows, as the operator wrote it'),
        }),
      ),
    }),
  ),
  organizations: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .optional()
    .describe('The user’s organizations, when the application asks for them: the user picks which'),
});

const consentBody = z
  .object({
    organizationIds: z
      .array(z.string().min(1).max(64))
      .max(100)
      .optional()
      .describe('The organizations (of those listed) the application may act in'),
  })
  .optional();

/**
 * Consent for third-party applications (first-party ones never ask): what the application asks
 * for, then accept (the grant holds the requested OpenID scopes and the requested API scopes the
 * user holds through roles) or deny (the application gets `access_denied`).
 */
export const consentRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Experience'], security: [] };
  const { db, provider } = app.services;

  const consentInteraction = async (...args: Parameters<typeof currentInteraction>) => {
    const interaction = await currentInteraction(...args);
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name !== 'consent' || !accountId) throw notAskingConsent();
    return { interaction, accountId };
  };

  app.get(
    '/consent',
    {
      schema: {
        ...schema,
        summary: 'What the application asks for',
        response: { 200: consentInfo, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { interaction, accountId } = await consentInteraction(request, reply);
      const clientId = String(interaction.params.client_id);
      const application = await findApplication(db, clientId);
      const user = await findUser(db, accountId);
      const details = interaction.prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const organizations = await organizationsToChoose(db, interaction, accountId);
      const scopes = [...(details.missingOIDCScope ?? []), ...(organizations ? [ORGANIZATIONS_SCOPE] : [])];
      return {
        application: {
          id: clientId,
          name: application?.name ?? clientId,
          ...(application?.description ? { description: application.description } : {}),
        },
        user: {
          id: accountId,
          name: user?.name ?? user?.username ?? user?.primary_email ?? user?.primary_phone ?? accountId,
        },
        scopes: [...new Set(scopes)],
        resources: await Promise.all(
          Object.entries(details.missingResourceScopes ?? {}).map(([indicator, scopes]) =>
            describeResourceScopes(db, indicator, scopes),
          ),
        ),
        ...(organizations ? { organizations } : {}),
      };
    },
  );

  app.post(
    '/consent',
    {
      schema: {
        ...schema,
        summary: 'Accept: the browser goes on to redirectTo',
        body: consentBody,
        response: { 200: z.object({ redirectTo: z.string() }), ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      const { interaction, accountId } = await consentInteraction(request, reply);
      const organizationIds = request.body?.organizationIds ?? [];
      await recordOrganizationChoice(db, interaction, accountId, organizationIds);
      const clientId = String(interaction.params.client_id);
      const grantId = await grantFirstPartyConsent(provider, db, interaction, accountId, (indicator) =>
        thirdPartyResourceScopes(db, clientId, indicator, false),
      );
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return { redirectTo };
    },
  );

  app.post(
    '/consent/deny',
    {
      schema: {
        ...schema,
        summary: 'Deny: the application gets access_denied at redirectTo',
        response: { 200: z.object({ redirectTo: z.string() }), ...errors(400) },
      },
    },
    async (request, reply) => {
      await consentInteraction(request, reply);
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'The user did not consent.',
      });
      return { redirectTo };
    },
  );
};
