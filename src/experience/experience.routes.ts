import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identifyUser,
  requireExperience,
  startExperience,
  submitExperience,
  switchInteractionEvent,
} from './experience.service.js';
import { currentInteraction } from './interaction.js';
import { addProfile, resetPassword } from './profile.js';
import {
  customProfileBody,
  errors,
  interactionEvent,
  noContent,
  profileBody,
  verificationId,
} from './route-schemas.js';
import { addCustomProfile } from './custom-profile.js';
import { verificationRoutes } from './verification.routes.js';
import { experienceMfaRoutes } from '../mfa/experience-mfa.routes.js';
import { consentRoutes } from './consent.routes.js';

/**
 * The Experience API under /api/experience: calls of the end user's browser, bound to the
 * oidc-provider interaction by its cookie; no management token. State lives in the database.
 */
export const experienceApiRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const db = app.services.db;
  const schema = { tags: ['Experience'], security: [] };

  app.put(
    '/',
    {
      schema: {
        ...schema,
        summary: 'Start an experience (SignIn, Register, ForgotPassword) for the current interaction',
        body: z.object({ interactionEvent }),
        response: { 204: noContent, ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      await startExperience(request, interaction, request.body.interactionEvent);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/interaction-event',
    {
      schema: {
        ...schema,
        summary: 'Switch between SignIn and Register, keeping the verifications',
        body: z.object({ interactionEvent }),
        response: { 204: noContent, ...errors(400, 403, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      await switchInteractionEvent(db, interaction, request.body.interactionEvent);
      return reply.status(204).send(null);
    },
  );

  await app.register(verificationRoutes);
  await app.register(experienceMfaRoutes);
  await app.register(consentRoutes);

  app.post(
    '/identification',
    {
      schema: {
        ...schema,
        summary: 'Identify the user (SignIn, ForgotPassword) or the new account (Register) by a verification',
        body: z
          .object({
            verificationId: verificationId.optional(),
            // A social identity's owner confirmed linking it to the account of its verified e-mail.
            linkSocialIdentity: z.boolean().optional(),
          })
          .optional(),
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const { verificationId: id, linkSocialIdentity } = request.body ?? {};
      await identifyUser(db, interaction, id, { linkSocialIdentity });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/profile',
    {
      schema: {
        ...schema,
        summary: 'Add what the account is missing: username, password, verified e-mail or phone',
        body: profileBody,
        response: { 204: noContent, ...errors(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(db, interaction);
      await addProfile(db, interaction, state, request.body);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/profile',
    {
      schema: {
        ...schema,
        summary: 'Give values of the custom profile fields of a registration (written at submit)',
        body: customProfileBody,
        response: { 204: noContent, ...errors(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(db, interaction);
      await addCustomProfile(db, state, request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/profile/password',
    {
      schema: {
        ...schema,
        summary: 'Set the new password of a ForgotPassword experience (written at submit)',
        body: z.object({ password: z.string().min(1).max(512) }),
        response: { 204: noContent, ...errors(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const state = await requireExperience(db, interaction);
      await resetPassword(db, state, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/submit',
    {
      schema: {
        ...schema,
        summary: 'Finish the flow; after SignIn and Register the browser goes to redirectTo',
        response: {
          200: z.object({ redirectTo: z.string() }),
          204: noContent,
          ...errors(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const redirectTo = await submitExperience(request, reply, interaction);
      if (redirectTo === undefined) return reply.status(204).send(null);
      return { redirectTo };
    },
  );
};
