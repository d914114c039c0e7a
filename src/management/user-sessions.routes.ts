import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSessions, revokeSession } from '../oidc/sessions.service.js';
import { revokeSessionQuery, sessionIdParams, userSession } from '../oidc/sessions.schemas.js';
import { userIdParams } from '../users/users.schemas.js';
import { errorResponses, noContent } from '../http/route-schemas.js';
import { apiError } from '../http/error-registry.js';
import { userExists } from '../oidc/grants.repository.js';

const tags = ['Users'];

/** A user's browser sessions at the OIDC provider, listed and ended by an administrator. */
export const userSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:userId/sessions',
    {
      schema: {
        tags,
        summary: "List a user's unexpired sessions, the latest sign-in first",
        params: userIdParams,
        response: { 200: z.object({ sessions: z.array(userSession) }), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { db } = request.server.services;
      if (!(await userExists(db, request.params.userId))) {
        throw apiError('entity.not_found#user', { id: request.params.userId });
      }
      return { sessions: await listSessions(db, request.params.userId) };
    },
  );

  app.delete(
    '/users/:userId/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'End a session of the user (signed out there), with its grants as the query says',
        params: userIdParams.merge(sessionIdParams),
        querystring: revokeSessionQuery,
        response: { 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = request.params;
      await revokeSession(request.server.services.db, userId, sessionId, request.query.revokeGrantsTarget);
      return reply.status(204).send(null);
    },
  );
};
