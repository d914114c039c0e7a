import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateAccount } from '../account/account-auth.js';
import { errors } from '../experience/route-schemas.js';
import { startAccountWebAuthnRegistration, verifyAccountWebAuthnRegistration } from './account-webauthn.js';
import { registrationPayload, webAuthnOptions } from './experience-mfa.schemas.js';

/**
 * Passkey registration for the Account API (Logto's /api/verifications/web-authn/...): the
 * verified record is then bound with `POST /api/my-account/mfa-verifications` (type WebAuthn).
 */
export const accountWebAuthnRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };

  app.post(
    '/web-authn/registration',
    {
      schema: {
        ...schema,
        summary: 'Options for navigator.credentials.create() to register a passkey',
        response: {
          200: z.object({
            verificationRecordId: z.string(),
            registrationOptions: webAuthnOptions,
            expiresAt: z.string(),
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => startAccountWebAuthnRegistration(request, await authenticateAccount(request)),
  );

  app.post(
    '/web-authn/registration/verify',
    {
      schema: {
        ...schema,
        summary: 'Check the new credential against the registration challenge',
        body: z.object({ verificationRecordId: z.string().min(1).max(64), payload: registrationPayload }),
        response: { 200: z.object({ verificationRecordId: z.string() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await authenticateAccount(request);
      const { verificationRecordId, payload } = request.body;
      return verifyAccountWebAuthnRegistration(request, caller, verificationRecordId, payload);
    },
  );
};
