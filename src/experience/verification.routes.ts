import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExperienceCode, verifyExperienceCode } from './code-verification.js';
import { experienceContext } from './context.js';
import { notSupportedForForgotPassword } from './errors.js';
import { requireExperience } from './experience.service.js';
import { currentInteraction } from './interaction.js';
import { decoy } from '../users/passwords.js';
import { verifyPasswordIdentity } from './password-verification.js';
import {
  code,
  codeIdentifier,
  errors,
  passwordIdentifier,
  verificationId,
  verificationResponse,
} from './route-schemas.js';
import { assertSignInAllowed, loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { createNewPasswordIdentity } from './new-password-identity.js';
import { email, username } from '../users/users.schemas.js';
import { verifyOneTimeTokenIdentity } from './one-time-token-verification.js';

/**
 * Verifications: a password of an account, a code sent to an e-mail address or phone, or a
 * one-time token issued for an e-mail address.
 */
export const verificationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const services = app.services;
  const schema = { tags: ['Experience'], security: [] };
  void decoy(); // computed now, so that the first unknown identifier is not slower than the rest

  app.post(
    '/verification/password',
    {
      schema: {
        ...schema,
        summary: 'Verify a password for an identifier',
        body: z.object({ identifier: passwordIdentifier, password: z.string().min(1).max(512) }),
        response: { 200: verificationResponse, ...errors(400, 401, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(services.db, interaction);
      const { identifier, password } = request.body;
      if (state.interactionEvent === 'SignIn') {
        assertSignInAllowed(await loadSignInExperience(services.db), identifier.type, 'password');
      }
      const context = experienceContext(request, interaction, state);
      return {
        verificationId: await verifyPasswordIdentity(services, interaction, identifier, password, context),
      };
    },
  );

  app.post(
    '/verification/new-password-identity',
    {
      schema: {
        ...schema,
        summary: 'Check a username and password for a new account (Register)',
        body: z.object({
          identifier: z.object({ type: z.literal('username'), value: username }),
          password: z.string().min(1).max(512),
        }),
        response: { 200: verificationResponse, ...errors(400, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      await requireExperience(services.db, interaction);
      const { identifier, password } = request.body;
      return {
        verificationId: await createNewPasswordIdentity(services.db, interaction, identifier, password),
      };
    },
  );

  app.post(
    '/verification/verification-code',
    {
      schema: {
        ...schema,
        summary: 'Send a one-time code to an e-mail address or phone number',
        body: z.object({ identifier: codeIdentifier }),
        response: { 200: verificationResponse, ...errors(400, 422, 429, 502) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(services.db, interaction);
      return {
        verificationId: await sendExperienceCode(request, interaction, state, request.body.identifier),
      };
    },
  );

  app.post(
    '/verification/verification-code/verify',
    {
      schema: {
        ...schema,
        summary: 'Check the code of a verification',
        body: z.object({ identifier: codeIdentifier, verificationId, code }),
        response: { 200: verificationResponse, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(services.db, interaction);
      return { verificationId: await verifyExperienceCode(request, interaction, state, request.body) };
    },
  );

  app.post(
    '/verification/one-time-token',
    {
      schema: {
        ...schema,
        summary: 'Use a one-time token (magic link) for its e-mail address, to sign in or register',
        body: z.object({
          identifier: z.object({ type: z.literal('email'), value: z.string().trim().pipe(email) }),
          token: z.string().min(1).max(256),
        }),
        response: { 200: verificationResponse, ...errors(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(services.db, interaction);
      if (state.interactionEvent === 'ForgotPassword') throw notSupportedForForgotPassword();
      return { verificationId: await verifyOneTimeTokenIdentity(request, interaction, request.body) };
    },
  );
};
