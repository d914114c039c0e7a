import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountContext } from '../account/account.service.js';
import { errors, noContent } from '../experience/route-schemas.js';
import { enqueueEvents, nudgeDeliveries, type PendingEvent } from '../webhooks/outbox.js';
import { factorResponse } from './factor.schemas.js';
import { unbindFactor } from './user-factors.js';
import { listUserFactors } from './user-mfa.service.js';

/** The signed-in user's own factors (registered inside the Account API, behind its token check). */
export const accountMfaRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };

  app.get(
    '/mfa-verifications',
    {
      schema: {
        ...schema,
        summary: 'The MFA factors bound to the signed-in user',
        response: { 200: z.array(factorResponse), ...errors(401) },
      },
    },
    async (request) => listUserFactors(request.server.services.db, request.account!.userId),
  );

  app.delete(
    '/mfa-verifications/:verificationId',
    {
      schema: {
        ...schema,
        summary: 'Remove one of the signed-in user’s factors',
        params: z.object({ verificationId: z.string().min(1).max(64) }),
        response: { 204: noContent, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const caller = request.account!;
      await request.server.services.db.transaction().execute(async (trx) => {
        const pending: PendingEvent[] = [];
        const sink = {
          emit: (event: PendingEvent['event'], payload: Record<string, unknown>) =>
            pending.push({ event, payload }),
        };
        await unbindFactor(trx, sink, caller.userId, request.params.verificationId);
        await enqueueEvents(trx, accountContext(request, caller), pending);
      });
      nudgeDeliveries();
      return reply.status(204).send(null);
    },
  );
};
