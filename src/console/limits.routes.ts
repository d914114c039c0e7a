import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
 * GET /api/configs/limits: the lockout and send-limit values in force. They are settings
 * (TESSERA_LOCKOUT_*, TESSERA_SEND_*), read-only here, shown by the console.
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
      const { config } = request.server.services;
      const { sendLimitPerHour, sendMinIntervalSeconds } = config.messages;
      return { lockout: config.lockout, sendLimitPerHour, sendMinIntervalSeconds };
    },
  );
};
