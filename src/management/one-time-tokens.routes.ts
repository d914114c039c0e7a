import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { errorResponses, idList, idParams, noContent } from '../http/route-schemas.js';
import * as tokens from '../users/one-time-tokens.service.js';
import { email } from '../users/users.schemas.js';

const tags = ['One-time tokens'];
const status = z.enum(['Active', 'Consumed', 'Revoked', 'Expired']);
const context = z.object({ jitOrganizationIds: idList.optional() }).strict();
const tokenResponse = z.object({
  id: z.string(),
  email: z.string(),
  token: z.string().nullable(),
  context: z.object({ jitOrganizationIds: z.array(z.string()).optional() }),
  status,
  createdAt: z.number().describe('epoch milliseconds'),
  expiresAt: z.number().describe('epoch milliseconds'),
});
const statusBody = z.object({ status });

/** Logto's one-time tokens (magic links): issued to an address, used once to sign in or register. */
export const oneTimeTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, secretBox } = app.services;

  app.get(
    '/one-time-tokens',
    {
      schema: {
        tags,
        summary: 'List one-time tokens, newest first, by e-mail address and status',
        querystring: pageQuery.extend({ email: email.optional(), status: status.optional() }),
        response: { 200: z.array(tokenResponse), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { email: address, status: wanted, ...page } = request.query;
      const { items, total } = await tokens.listTokens(
        db,
        secretBox,
        { email: address, status: wanted },
        pageBounds(page),
      );
      sendTotal(reply, total);
      return items;
    },
  );

  app.post(
    '/one-time-tokens',
    {
      schema: {
        tags,
        summary: 'Issue a one-time token for an e-mail address (ten minutes unless `expiresIn` seconds)',
        body: z.object({
          email,
          expiresIn: z.number().int().min(1).max(31_536_000).optional(),
          context: context.optional(),
        }),
        response: { 201: tokenResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.createToken(db, secretBox, request.body)),
  );

  app.post(
    '/one-time-tokens/verify',
    {
      schema: {
        tags,
        summary: 'Use a one-time token for its e-mail address: it is consumed',
        body: z.object({ token: z.string().min(1).max(256), email }),
        response: { 200: tokenResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => tokens.consumeToken(db, secretBox, request.body.token, request.body.email),
  );

  app.get(
    '/one-time-tokens/:id',
    {
      schema: {
        tags,
        summary: 'Get a one-time token',
        params: idParams,
        response: { 200: tokenResponse, ...errorResponses(404) },
      },
    },
    (request) => tokens.getToken(db, secretBox, request.params.id),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/one-time-tokens/:id/status',
      schema: {
        tags,
        summary: `Consume, revoke or expire a one-time token (${method === 'PUT' ? "Logto's method" : 'also accepted'})`,
        params: idParams,
        body: statusBody,
        response: { 200: tokenResponse, ...errorResponses(400, 404) },
      },
      handler: (request) => tokens.setStatus(db, secretBox, request.params.id, request.body.status),
    });
  }

  app.delete(
    '/one-time-tokens/:id',
    {
      schema: {
        tags,
        summary: 'Delete a one-time token',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await tokens.deleteToken(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
