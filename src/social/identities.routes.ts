import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, noContent } from '../experience/route-schemas.js';
import { mutate } from '../management/mutation.js';
import { errorResponses, jsonObject } from '../management/route-schemas.js';
import { linkIdentity, unlinkIdentity, unlinkOwnIdentity } from './identities.service.js';

const target = z.string().min(1).max(64);
const identities = z.record(z.string(), z.unknown());

/** Management: a user's social identities by target (`User.Data.Updated` on each change). */
export const userIdentitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Users'];
  const params = z.object({ userId: z.string().min(1).max(128), target });

  app.put(
    '/users/:userId/identities/:target',
    {
      schema: {
        tags,
        summary: 'Link or replace the social identity of a target',
        params,
        body: z.object({ socialUserId: z.string().min(1).max(256), socialUserInfo: jsonObject.optional() }),
        response: { 200: identities, ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) =>
        linkIdentity(trx, events, request.params.userId, request.params.target, {
          userId: request.body.socialUserId,
          details: { id: request.body.socialUserId, ...(request.body.socialUserInfo ?? {}) },
        }),
      ),
  );

  app.delete(
    '/users/:userId/identities/:target',
    {
      schema: {
        tags,
        summary: 'Unlink the social identity of a target; the remaining identities are returned',
        params,
        response: { 200: identities, ...errorResponses(404) },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) =>
        unlinkIdentity(trx, events, request.params.userId, request.params.target),
      ),
  );
};

/** Account API: the signed-in user unlinks one of their own social identities. */
export const accountIdentitiesRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.delete(
    '/identities/:target',
    {
      schema: {
        tags: ['Account'],
        security: [{ bearer: [] }],
        summary: 'Unlink one of my social identities',
        params: z.object({ target }),
        response: { 204: noContent, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await unlinkOwnIdentity(request, request.account!, request.params.target);
      return reply.status(204).send(null);
    },
  );
};
