import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { noContent } from './route-schemas.js';
import { unblockIdentifiers } from './unblock.js';

/**
 * POST /api/sentinel-activities/delete (Logto's unblock): forgets the failed verifications of the
 * given identifiers and lifts their locks. `App` targets are accepted and change nothing: only
 * identifiers are ever locked here.
 */
export const sentinelActivitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sentinel-activities/delete',
    {
      schema: {
        tags: ['Sign-in experience'],
        summary: 'Unblock identifiers locked after failed verifications',
        body: z.object({
          targetType: z.enum(['User', 'App']),
          targets: z
            .array(z.string().trim().min(1).max(320))
            .max(100)
            .describe('Identifier values as typed at sign-in: usernames, e-mail addresses, phone numbers'),
        }),
        response: { 204: noContent, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { targetType, targets } = request.body;
      if (targetType === 'User') await unblockIdentifiers(request.server.services.db, targets);
      return reply.status(204).send(null);
    },
  );
};
