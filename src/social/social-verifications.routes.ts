import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateAccount } from '../account/account-auth.js';
import { errors } from '../experience/route-schemas.js';
import { startSocialVerification, verifySocialVerification } from './account-linking.js';

const recordId = z.string().min(1).max(128);

/**
 * Account API social verifications (Logto's shape): the user signs in at a social provider to
 * prove they hold an identity there, which `POST /api/my-account/identities` then links.
 */
export const socialVerificationsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };

  app.post(
    '/social',
    {
      schema: {
        ...schema,
        summary: "Start a social verification: the provider's authorization URI for the browser",
        body: z.object({
          connectorId: z.string().min(1).max(128),
          state: z.string().min(8).max(512),
          redirectUri: z.url({ protocol: /^https?$/ }).max(2000),
        }),
        response: {
          201: z.object({
            verificationRecordId: z.string(),
            authorizationUri: z.string(),
            expiresAt: z.string(),
          }),
          ...errors(400, 401, 403, 404, 502),
        },
      },
    },
    async (request, reply) => {
      const caller = await authenticateAccount(request);
      return reply.status(201).send(await startSocialVerification(request, caller, request.body));
    },
  );

  app.post(
    '/social/verify',
    {
      schema: {
        ...schema,
        summary: "Verify the provider's callback data (code, state); the record then holds the identity",
        body: z.object({
          connectorData: z.record(z.string(), z.unknown()),
          verificationRecordId: recordId,
        }),
        response: { 200: z.object({ verificationRecordId: z.string() }), ...errors(400, 401, 403, 404, 502) },
      },
    },
    async (request) => verifySocialVerification(request, await authenticateAccount(request), request.body),
  );
};
