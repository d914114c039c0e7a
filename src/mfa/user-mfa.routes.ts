import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, noContent } from '../http/route-schemas.js';
import { userIdParams } from '../users/users.schemas.js';
import { createFactorBody, createFactorResponse, factorIdParams, factorResponse } from './factor.schemas.js';
import { unbindFactor } from './user-factors.js';
import { createUserFactor, listUserFactors } from './user-mfa.service.js';

const tags = ['Users'];

/** /users/:userId/mfa-verifications: an operator lists, binds and removes a user's factors. */
export const userMfaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:userId/mfa-verifications',
    {
      schema: {
        tags,
        summary: 'List the MFA factors bound to a user',
        params: userIdParams,
        response: { 200: z.array(factorResponse), ...errorResponses(404) },
      },
    },
    async (request) => listUserFactors(request.server.services.db, request.params.userId),
  );

  app.post(
    '/users/:userId/mfa-verifications',
    {
      schema: {
        tags,
        summary: 'Bind a TOTP secret or a backup-code set to a user',
        params: userIdParams,
        body: createFactorBody,
        response: { 200: createFactorResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) =>
        createUserFactor(trx, events, request.params.userId, request.body),
      ),
  );

  app.delete(
    '/users/:userId/mfa-verifications/:verificationId',
    {
      schema: {
        tags,
        summary: 'Remove one MFA factor of a user',
        params: factorIdParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { userId, verificationId } = request.params;
      await mutate(request, 204, (trx, events) => unbindFactor(trx, events, userId, verificationId));
      return reply.status(204).send(null);
    },
  );
};
