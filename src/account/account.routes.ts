import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeIdentifier,
  code,
  errors,
  noContent,
  verificationId,
  verificationResponse,
} from '../experience/route-schemas.js';
import { toUserResponse } from '../users/user-response.js';
import { email, phone } from '../users/users.schemas.js';
import { getUser } from '../users/users.service.js';
import { accountMfaRoutes } from '../mfa/account-mfa.routes.js';
import { accountIdentitiesRoutes } from '../social/identities.routes.js';
import { authenticateAccount, type AccountCaller } from './account-auth.js';
import { accountView, checkAccountCenter } from './account-fields.js';
import { accountProfile } from './account.schemas.js';
import { accountProfileRoutes } from './profile.routes.js';
import { accountSessionsRoutes } from './sessions.routes.js';
import { requireIdentityProof, VERIFICATION_HEADER } from './identity-verification.js';
import { linkPrimaryIdentifier, sendAccountCode, verifyAccountCode } from './account.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountCaller | null;
  }
}

// Sensitive changes need a fresh identity verification (see identity-verification.ts).
const proofHeader = z.object({ [VERIFICATION_HEADER]: z.string().max(128).optional() });

/**
 * The Account API under /api/my-account: the signed-in user's own account, authorised by the
 * user's access token (see account-auth.ts), never by a management token.
 */
export const accountRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };
  app.decorateRequest('account', null);
  app.decorateRequest('accountCenter', null);
  app.addHook('onRequest', async (request) => {
    request.account = await authenticateAccount(request);
    await checkAccountCenter(request);
  });

  app.get(
    '/',
    {
      schema: {
        ...schema,
        summary: 'The signed-in user (fields the account center hides are left out)',
        response: { 200: accountProfile.partial(), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = toUserResponse(await getUser(request.server.services.db, request.account!.userId));
      return accountView(request.accountCenter!, user);
    },
  );

  app.post(
    '/verification-code',
    {
      schema: {
        ...schema,
        summary: 'Send a code to an e-mail address or phone number to link',
        body: z.object({ identifier: codeIdentifier }),
        response: { 200: verificationResponse, ...errors(400, 401, 403, 429, 502) },
      },
    },
    async (request) => ({
      verificationId: await sendAccountCode(request, request.account!, request.body.identifier),
    }),
  );

  app.post(
    '/verification-code/verify',
    {
      schema: {
        ...schema,
        summary: 'Check the code; the verification can then link the identifier',
        body: z.object({ identifier: codeIdentifier, verificationId, code }),
        response: { 200: verificationResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ verificationId: await verifyAccountCode(request, request.account!, request.body) }),
  );

  app.post(
    '/primary-email',
    {
      schema: {
        ...schema,
        summary: 'Link a verified e-mail address as the primary one',
        body: z.object({
          email: z.string().trim().pipe(email),
          newIdentifierVerificationRecordId: verificationId,
        }),
        headers: proofHeader,
        response: { 204: noContent, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { email: value, newIdentifierVerificationRecordId } = request.body;
      await requireIdentityProof(request, request.account!);
      await linkPrimaryIdentifier(
        request,
        request.account!,
        { type: 'email', value },
        newIdentifierVerificationRecordId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/primary-phone',
    {
      schema: {
        ...schema,
        summary: 'Link a verified phone number as the primary one',
        body: z.object({
          phone: z.string().trim().pipe(phone),
          newIdentifierVerificationRecordId: verificationId,
        }),
        headers: proofHeader,
        response: { 204: noContent, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { phone: value, newIdentifierVerificationRecordId } = request.body;
      await requireIdentityProof(request, request.account!);
      await linkPrimaryIdentifier(
        request,
        request.account!,
        { type: 'phone', value },
        newIdentifierVerificationRecordId,
      );
      return reply.status(204).send(null);
    },
  );

  await app.register(accountProfileRoutes);
  await app.register(accountSessionsRoutes);
  await app.register(accountMfaRoutes);
  await app.register(accountIdentitiesRoutes);
};
