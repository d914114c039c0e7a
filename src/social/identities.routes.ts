import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireIdentityProof, VERIFICATION_HEADER } from '../account/identity-verification.js';
import { errors, noContent } from '../experience/route-schemas.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, jsonObject } from '../http/route-schemas.js';
import { linkOwnSocialIdentity } from './account-linking.js';
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
 * Account API: the signed-in user links a social identity they verified (`/api/verifications/social`)
 * or unlinks one. Either can hand the account to someone else or lock a password-less user out,
 * so each needs a fresh proof of identity as the other sensitive changes do.
 */
export const accountIdentitiesRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const proofHeader = z.object({ [VERIFICATION_HEADER]: z.string().max(128).optional() });
  const linkBody = z.object({ newIdentifierVerificationRecordId: z.string().min(1).max(128) });

  for (const [method, replace] of [
    ['POST', false],
    ['PUT', true],
  ] as const) {
    app.route({
      method,
      url: '/identities',
      schema: {
        tags: ['Account'],
        security: [{ bearer: [] }],
        summary: replace
          ? 'Link a verified social identity, replacing the one of its target if any'
          : 'Link a verified social identity (none of its target may be linked yet)',
        body: linkBody,
        headers: proofHeader,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 422) },
      },
      handler: async (request, reply) => {
        await requireIdentityProof(request, request.account!);
        await linkOwnSocialIdentity(
          request,
          request.account!,
          request.body.newIdentifierVerificationRecordId,
          {
            replace,
          },
        );
        return reply.status(204).send(null);
      },
    });
  }

  app.delete(
    '/identities/:target',
    {
      schema: {
        tags: ['Account'],
        security: [{ bearer: [] }],
        summary: 'Unlink one of my social identities',
        params: z.object({ target }),
        headers: proofHeader,
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
