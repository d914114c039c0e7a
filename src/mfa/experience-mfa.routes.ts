import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireExperience } from '../experience/experience.service.js';
import { currentInteraction } from '../experience/interaction.js';
import { errors, noContent, verificationId, verificationResponse } from '../experience/route-schemas.js';
import * as binding from './binding.service.js';
import * as challenge from './challenge.service.js';
import {
  authenticationPayload,
  backupCode,
  mfaBindBody,
  registrationPayload,
  totpCode,
  webAuthnOptions,
} from './experience-mfa.schemas.js';
import type { ExperienceStep } from './experience-step.js';

async function stepOf(request: FastifyRequest, reply: FastifyReply): Promise<ExperienceStep> {
  const interaction = await currentInteraction(request, reply);
  return { request, interaction, state: await requireExperience(request.server.services.db, interaction) };
}

/**
 * Second factors in the Experience API (Logto's paths): binding one (TOTP secret, backup codes,
 * a WebAuthn registration, then `POST /profile/mfa`) and answering a sign-in's challenge.
 */
export const experienceMfaRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Experience'], security: [] };
  const ok = (response: z.ZodType, ...statuses: (400 | 401 | 403 | 404 | 422)[]) => ({
    200: response,
    ...errors(400, ...statuses),
  });

  app.post(
    '/verification/totp/secret',
    {
      schema: {
        ...schema,
        summary: 'Create a TOTP secret to bind (with its QR code as a PNG data URL)',
        response: ok(
          z.object({ verificationId: z.string(), secret: z.string(), secretQrCode: z.string() }),
          422,
        ),
      },
    },
    async (request, reply) => binding.createTotpSecret(await stepOf(request, reply)),
  );

  app.post(
    '/verification/totp/verify',
    {
      schema: {
        ...schema,
        summary: 'Check a TOTP code: of a secret being bound (verificationId), else of the user’s own',
        body: z.object({ code: totpCode, verificationId: verificationId.optional() }),
        response: ok(verificationResponse, 404),
      },
    },
    async (request, reply) => {
      const step = await stepOf(request, reply);
      const { code, verificationId: id } = request.body;
      return {
        verificationId: id
          ? await binding.verifyTotpBinding(step, id, code)
          : await challenge.verifyTotpChallenge(step, code),
      };
    },
  );

  app.post(
    '/verification/backup-code/generate',
    {
      schema: {
        ...schema,
        summary: 'Generate ten backup codes to bind; they are shown this once',
        response: ok(z.object({ verificationId: z.string(), codes: z.array(z.string()) })),
      },
    },
    async (request, reply) => binding.generateBackupCodes(await stepOf(request, reply)),
  );

  app.post(
    '/verification/backup-code/verify',
    {
      schema: {
        ...schema,
        summary: 'Use one of the user’s backup codes (each works once)',
        body: z.object({ code: backupCode }),
        response: ok(verificationResponse),
      },
    },
    async (request, reply) => ({
      verificationId: await challenge.verifyBackupCodeChallenge(
        await stepOf(request, reply),
        request.body.code,
      ),
    }),
  );

  app.post(
    '/verification/web-authn/registration',
    {
      schema: {
        ...schema,
        summary: 'Options for navigator.credentials.create() to bind a passkey or security key',
        response: ok(z.object({ verificationId: z.string(), registrationOptions: webAuthnOptions })),
      },
    },
    async (request, reply) => binding.startWebAuthnRegistration(await stepOf(request, reply)),
  );

  app.post(
    '/verification/web-authn/registration/verify',
    {
      schema: {
        ...schema,
        summary: 'Check the new credential against the registration challenge',
        body: z.object({ verificationId, payload: registrationPayload }),
        response: ok(verificationResponse),
      },
    },
    async (request, reply) => ({
      verificationId: await binding.verifyWebAuthnRegistration(
        await stepOf(request, reply),
        request.body.verificationId,
        request.body.payload,
      ),
    }),
  );

  app.post(
    '/verification/web-authn/authentication',
    {
      schema: {
        ...schema,
        summary: 'Options for navigator.credentials.get() over the user’s bound credentials',
        response: ok(z.object({ verificationId: z.string(), authenticationOptions: webAuthnOptions })),
      },
    },
    async (request, reply) => challenge.startWebAuthnChallenge(await stepOf(request, reply)),
  );

  app.post(
    '/verification/web-authn/authentication/verify',
    {
      schema: {
        ...schema,
        summary: 'Check the assertion against the challenge',
        body: z.object({ verificationId, payload: authenticationPayload }),
        response: ok(verificationResponse),
      },
    },
    async (request, reply) => ({
      verificationId: await challenge.verifyWebAuthnChallenge(
        await stepOf(request, reply),
        request.body.verificationId,
        request.body.payload,
      ),
    }),
  );

  app.post(
    '/profile/mfa',
    {
      schema: {
        ...schema,
        summary: 'Bind a verified factor to the account at submit',
        body: mfaBindBody,
        response: { 204: noContent, ...errors(400, 422) },
      },
    },
    async (request, reply) => {
      const { type, verificationId: id } = request.body;
      await binding.addMfaToProfile(await stepOf(request, reply), type, id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/profile/mfa/mfa-skipped',
    {
      schema: {
        ...schema,
        summary: 'Decline the offer of a second factor (user-controlled policy only)',
        response: { 204: noContent, ...errors(400, 422) },
      },
    },
    async (request, reply) => {
      await binding.skipMfa(await stepOf(request, reply));
      return reply.status(204).send(null);
    },
  );
};
