import { boundedJsonObject, JSON_MEMBER_LIMITS } from '../http/bounded-json.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { issueSubjectToken } from './subject-tokens.service.js';

const maxContextBytes = 8 * 1024;

const subjectTokenBody = z.object({
  userId: z.string().min(1).max(128),
  context: boundedJsonObject({ ...JSON_MEMBER_LIMITS, maxBytes: maxContextBytes }).default({}),
});

/** Subject tokens: /subject-tokens. */
export const subjectTokensRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, clock } = app.services;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/subject-tokens',
    {
      schema: {
        summary: 'Issue a single-use subject token for impersonating a user',
        body: subjectTokenBody,
        response: {
          201: z.object({ subjectToken: z.string(), expiresIn: z.number().int() }),
          400: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { userId, context } = request.body;
      const issued = await issueSubjectToken(db, config, clock, {
        userId,
        context,
        applicationId: request.caller?.applicationId ?? '',
      });
      return reply.status(201).send(issued);
    },
  );
};
