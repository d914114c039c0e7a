import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, noContent } from '../experience/route-schemas.js';
import { listSessions, revokeSession, sessionHoldsGrant } from '../oidc/sessions.service.js';
import { revokeSessionQuery, sessionIdParams, userSession } from '../oidc/sessions.schemas.js';
import { requireIdentityProof, VERIFICATION_HEADER } from './identity-verification.js';

const proofHeader = z.object({ [VERIFICATION_HEADER]: z.string().max(128).optional() });

/** The signed-in user's browser sessions: listed, and others ended (with a fresh identity proof). */
export const accountSessionsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };

  app.get(
    '/sessions',
    {
      schema: {
        ...schema,
        summary: 'My unexpired sessions; isCurrent marks the one this token was issued in',
        response: {
          200: z.object({ sessions: z.array(userSession.extend({ isCurrent: z.boolean() })) }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const sessions = await listSessions(request.server.services.db, request.account!.userId);
      return {
        sessions: sessions.map((session) => ({
          ...session,
          isCurrent: sessionHoldsGrant(session, request.account!.grantId),
        })),
      };
    },
  );

  app.delete(
    '/sessions/:sessionId',
    {
      schema: {
        ...schema,
        summary: 'End one of my sessions: that browser is signed out',
        params: sessionIdParams,
        querystring: revokeSessionQuery,
        headers: proofHeader,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = request.account!;
      await requireIdentityProof(request, caller);
      const { db } = request.server.services;
      await revokeSession(db, caller.userId, request.params.sessionId, request.query.revokeGrantsTarget);
      return reply.status(204).send(null);
    },
  );
};
