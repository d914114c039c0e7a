import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeAccount } from '../account/account.service.js';
import { requireIdentityProof, VERIFICATION_HEADER } from '../account/identity-verification.js';
import { errors, noContent } from '../experience/route-schemas.js';
import {
  addAccountFactor,
  generateAccountBackupCodes,
  generateAccountTotpSecret,
  listAccountBackupCodes,
} from './account-mfa.service.js';
import { accountFactorBody, factorResponse } from './factor.schemas.js';
import { unbindFactor } from './user-factors.js';
import { listUserFactors } from './user-mfa.service.js';

const proofHeader = z.object({ [VERIFICATION_HEADER]: z.string().max(128).optional() });

/**
 * The signed-in user's own factors (registered inside the Account API, behind its token check).
 * As in Logto, binding, removing and reading backup codes need a fresh identity verification.
 */
export const accountMfaRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Account'], security: [{ bearer: [] }] };

  app.get(
    '/mfa-verifications',
    {
      schema: {
        ...schema,
        summary: 'The MFA factors bound to the signed-in user',
        response: { 200: z.array(factorResponse), ...errors(401, 403) },
      },
    },
    async (request) => listUserFactors(request.server.services.db, request.account!.userId),
  );

  app.post(
    '/mfa-verifications/totp-secret/generate',
    {
      schema: {
        ...schema,
        summary: 'A new TOTP secret and its QR code, to bind with a code from the app',
        response: {
          200: z.object({ secret: z.string(), secretQrCode: z.string() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => generateAccountTotpSecret(request.server.services.db, request.account!.userId),
  );

  app.post(
    '/mfa-verifications/backup-codes/generate',
    {
      schema: {
        ...schema,
        summary: 'Ten new backup codes to show, then to bind',
        response: { 200: z.object({ codes: z.array(z.string()) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => generateAccountBackupCodes(request.server.services.db),
  );

  app.get(
    '/mfa-verifications/backup-codes',
    {
      schema: {
        ...schema,
        summary: 'Whether each backup code was used (the codes themselves are kept only as hashes)',
        headers: proofHeader,
        response: {
          200: z.object({ codes: z.array(z.object({ usedAt: z.string().nullable() })) }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      await requireIdentityProof(request, request.account!);
      return listAccountBackupCodes(request.server.services.db, request.account!.userId);
    },
  );

  app.post(
    '/mfa-verifications',
    {
      schema: {
        ...schema,
        summary: 'Bind a TOTP secret (with a code), backup codes or a registered passkey',
        headers: proofHeader,
        body: accountFactorBody,
        response: { 204: noContent, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      await requireIdentityProof(request, request.account!);
      await addAccountFactor(request, request.account!, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/mfa-verifications/:verificationId',
    {
      schema: {
        ...schema,
        summary: 'Remove one of the signed-in user’s factors',
        headers: proofHeader,
        params: z.object({ verificationId: z.string().min(1).max(64) }),
        response: { 204: noContent, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = request.account!;
      await requireIdentityProof(request, caller);
      await changeAccount(request, caller, (trx, events) =>
        unbindFactor(trx, events, caller.userId, request.params.verificationId),
      );
      return reply.status(204).send(null);
    },
  );
};
