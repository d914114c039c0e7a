import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../experience/route-schemas.js';
import { accountWebAuthnRoutes } from '../mfa/account-webauthn.routes.js';
import { socialVerificationsRoutes } from '../social/social-verifications.routes.js';
import { authenticateAccount } from './account-auth.js';
import { verifyAccountPassword } from './identity-verification.js';

/**
 * Account API verification records under /api/verifications (Logto's shape): proof of identity
 * for sensitive /api/my-account changes, authorised by the user's own access token.
 */
export const verificationsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/password',
    {
      schema: {
        tags: ['Account'],
        security: [{ bearer: [] }],
        summary: "Verify the user's password; the record authorises sensitive account changes",
        body: z.object({ password: z.string().min(1).max(256) }),
        response: {
          201: z.object({ verificationRecordId: z.string(), expiresAt: z.string() }),
          ...errors(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const caller = await authenticateAccount(request);
      return reply.status(201).send(await verifyAccountPassword(request, caller, request.body.password));
    },
  );

  await app.register(accountWebAuthnRoutes);
  await app.register(socialVerificationsRoutes);
};
