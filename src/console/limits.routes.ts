import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lockoutPolicy } from '../lockout/lockout.js';

const limits = z.object({
  lockout: z.object({
    maxFailures: z.number().int().describe('Failed attempts on one identifier before it is locked'),
    windowSeconds: z.number().int().describe('The window those failures are counted in'),
    lockSeconds: z.number().int().describe('How long the identifier stays locked'),
  }),
  sendLimitPerHour: z
    .number()
    .int()
    .describe('Verification codes sent to one address or number per hour at most'),
  sendMinIntervalSeconds: z.number().int().describe('Least time between two codes to one address'),
});

/**
 * GET /api/configs/limits: the lockout and send-limit values in force, shown by the console. The
 * lockout comes from the sign-in experience's `sentinelPolicy` over TESSERA_LOCKOUT_*; the send
 * limits are settings (TESSERA_SEND_*).
 */
export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configs/limits',
    {
      schema: {
        tags: ['Sign-in experience'],
        summary: 'The lockout and verification-code send limits in force',
        response: { 200: limits },
      },
    },
    async (request) => {
      const { services } = request.server;
      const { sendLimitPerHour, sendMinIntervalSeconds } = services.config.messages;
      return { lockout: await lockoutPolicy(services), sendLimitPerHour, sendMinIntervalSeconds };
    },
  );
};
