import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/route-schemas.js';
import { username } from '../users/users.schemas.js';
import { CONSOLE_APPLICATION, CONSOLE_CLIENT_ID, pageUris } from '../management/page-apps.repository.js';
import { setupClosed } from './console.repository.js';
import { createFirstAdministrator } from './setup.service.js';

const tags = ['Console'];

const consoleConfig = z.object({
  issuer: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  managementApi: z.string().describe('The resource indicator the console requests tokens for'),
  setupNeeded: z
    .boolean()
    .describe('True while first-run setup is open: the installation has not been administered yet'),
});

/**
 * Public routes the console needs before anyone is signed in: how to sign in, and first-run
 * setup, which works only until the installation is first administered (see setup.service.ts).
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/console/config',
    {
      schema: {
        tags,
        summary: 'How the console signs in, and whether first-run setup is needed',
        security: [],
        response: { 200: consoleConfig },
      },
    },
    async (request) => {
      const { config, db } = request.server.services;
      return {
        issuer: config.issuer,
        clientId: CONSOLE_CLIENT_ID,
        redirectUri: pageUris(config.baseUrl, CONSOLE_APPLICATION).redirectUris[0]!,
        postLogoutRedirectUri: pageUris(config.baseUrl, CONSOLE_APPLICATION).postLogoutRedirectUris[0]!,
        managementApi: config.managementApiIndicator,
        setupNeeded: !(await setupClosed(db)),
      };
    },
  );

  app.post(
    '/api/console/setup',
    {
      schema: {
        tags,
        summary: 'Create the first administrator (only before the installation was administered)',
        security: [],
        body: z.object({ username, password: z.string().min(1).max(256) }),
        response: {
          201: z.object({ id: z.string(), username: z.string().nullable() }),
          ...errorResponses(400, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const user = await createFirstAdministrator(request, request.body);
      return reply.status(201).send({ id: user.id, username: user.username });
    },
  );
};
