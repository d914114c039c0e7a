import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as grants from '../oidc/grants.service.js';
import { userIdParams } from '../users/users.schemas.js';
import { errorResponses, noContent } from '../http/route-schemas.js';

const tags = ['Users'];

const grantPayload = z.object({
  exp: z.number().int().describe('Expiry, seconds since the epoch'),
  iat: z.number().int().describe('Issue time, seconds since the epoch'),
  jti: z.string(),
  kind: z.literal('Grant'),
  clientId: z.string().describe('The application the grant was given to'),
  accountId: z.string(),
  openid: z.object({ scope: z.string().optional(), claims: z.array(z.string()).optional() }).optional(),
  resources: z.record(z.string(), z.string()).optional().describe('Granted scopes per API resource'),
});

const userGrantsResponse = z.object({
  grants: z.array(
    z.object({
      id: z.string(),
      payload: grantPayload,
      expiresAt: z.number().int().describe('Expiry, milliseconds since the epoch'),
    }),
  ),
});

/** The OIDC grants users gave applications (one per user, application and browser session). */
export const userGrantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:userId/grants',
    {
      schema: {
        tags,
        summary: "List a user's active grants, oldest first",
        params: userIdParams,
        querystring: z.object({ appType: z.enum(['firstParty', 'thirdParty']).optional() }),
        response: { 200: userGrantsResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      grants: await grants.listUserGrants(
        request.server.services.db,
        request.params.userId,
        request.query.appType,
      ),
    }),
  );

  app.delete(
    '/users/:userId/grants/:grantId',
    {
      schema: {
        tags,
        summary: 'Revoke a grant of the user with its refresh tokens, codes and access tokens',
        params: userIdParams.extend({ grantId: z.string().min(1).max(128) }),
        response: { 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await grants.revokeUserGrant(request.server.services.db, request.params.userId, request.params.grantId);
      return reply.status(204).send(null);
    },
  );
};
