import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSignInSocialConnectors, signInSocialConnector } from '../connectors/public-connectors.js';
import { ACCOUNT_APPLICATION, ACCOUNT_CLIENT_ID, pageUris } from '../management/page-apps.repository.js';
import { loadAccountCenter } from '../sign-in-experience/account-center.js';
import { accountCenterFields } from '../sign-in-experience/account-center.schemas.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { mfaFactor } from '../sign-in-experience/sign-in-experience.schemas.js';

const accountPageConfig = z.object({
  enabled: z.boolean().describe('False when the operator turned the account center off'),
  issuer: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  fields: accountCenterFields,
  mfaFactors: z.array(mfaFactor).describe('The second factors users may bind (sign-in experience)'),
  socialConnectors: z
    .array(signInSocialConnector)
    .describe("The social connectors users may link: the sign-in experience's, in its order"),
  languageInfo: z.object({ autoDetect: z.boolean(), fallbackLanguage: z.string() }),
});

/** Public: what the account center page at /account needs before anyone signs in. */
export const accountPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/config',
    {
      schema: {
        tags: ['Account'],
        summary: 'How the account center page signs in, and which of its sections are shown',
        security: [],
        response: { 200: accountPageConfig },
      },
    },
    async (request) => {
      const { config, db } = request.server.services;
      const settings = await loadAccountCenter(db);
      const { languageInfo, mfa, socialSignInConnectorTargets } = await loadSignInExperience(db);
      const social = await listSignInSocialConnectors(db);
      const uris = pageUris(config.baseUrl, ACCOUNT_APPLICATION);
      return {
        enabled: settings.enabled,
        issuer: config.issuer,
        clientId: ACCOUNT_CLIENT_ID,
        redirectUri: uris.redirectUris[0]!,
        postLogoutRedirectUri: uris.postLogoutRedirectUris[0]!,
        fields: settings.fields,
        mfaFactors: mfa.factors,
        socialConnectors: socialSignInConnectorTargets.flatMap((target) =>
          social.filter((connector) => connector.target === target),
        ),
        languageInfo,
      };
    },
  );
};
