import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireIdentityProof, VERIFICATION_HEADER } from '../account/identity-verification.js';
import { errors, noContent } from '../experience/route-schemas.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, jsonObject } from '../http/route-schemas.js';
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

/**
 * Account API: the signed-in user unlinks one of their own social identities. Unlinking can lock a
 * password-less user out, so it needs a fresh proof of identity as the other sensitive changes do.
 */
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
        headers: z.object({ [VERIFICATION_HEADER]: z.string().max(128).optional() }),
        response: { 204: noContent, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await requireIdentityProof(request, request.account!);
      await unlinkOwnIdentity(request, request.account!, request.params.target);
      return reply.status(204).send(null);
    },
  );
};
