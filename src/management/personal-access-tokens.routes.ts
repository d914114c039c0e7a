import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { epochMillis } from '../http/epoch-millis.js';
import { errorResponses, noContent } from '../http/route-schemas.js';
import * as tokens from '../users/personal-access-tokens.service.js';
import { userIdParams } from '../users/users.schemas.js';
import { mutate } from '../webhooks/mutation.js';

const tags = ['Users'];
const tokenName = z.string().trim().min(1).max(256);
const nameParams = userIdParams.extend({ name: tokenName });
const tokenResponse = z.object({
  userId: z.string(),
  name: z.string(),
  value: z
    .string()
    .nullable()
    .describe('the token (`pat_…`); null only when the installation key that sealed it is gone'),
  createdAt: z.number().describe('epoch milliseconds'),
  expiresAt: z.number().nullable().describe('epoch milliseconds; null: never expires'),
});

function patAccess(request: FastifyRequest): tokens.PatAccess {
  return {
    box: request.server.services.secretBox,
    reader: {
      applicationId: request.caller?.applicationId ?? null,
      userId: request.caller?.userId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    },
  };
}

/** Logto's personal access tokens: exchanged at /oidc/token for the user's access token. */
export const personalAccessTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:userId/personal-access-tokens',
    {
      schema: {
        tags,
        summary: "List a user's personal access tokens with their values (each reveal is audited)",
        params: userIdParams,
        response: { 200: z.array(tokenResponse), ...errorResponses(404) },
      },
    },
    (request) =>
      mutate(request, 200, (trx) => tokens.listTokens(trx, patAccess(request), request.params.userId)),
  );

  app.post(
    '/users/:userId/personal-access-tokens',
    {
      schema: {
        tags,
        summary: 'Add a personal access token, unique by name for the user, optionally expiring',
        params: userIdParams,
        body: z.object({ name: tokenName, expiresAt: epochMillis.nullish() }),
        response: { 201: tokenResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const created = await mutate(request, 201, (trx) =>
        tokens.createToken(trx, patAccess(request), request.params.userId, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/users/:userId/personal-access-tokens/:name',
    {
      schema: {
        tags,
        summary: 'Rename a personal access token',
        params: nameParams,
        body: z.object({ name: tokenName }),
        response: { 200: tokenResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx) =>
        tokens.renameToken(
          trx,
          patAccess(request),
          request.params.userId,
          request.params.name,
          request.body.name,
        ),
      ),
  );

  app.delete(
    '/users/:userId/personal-access-tokens/:name',
    {
      schema: {
        tags,
        summary: 'Delete a personal access token: it stops exchanging at once',
        params: nameParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx) =>
        tokens.deleteToken(trx, request.params.userId, request.params.name),
      );
      return reply.status(204).send(null);
    },
  );
};
