import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { identifyUser, requireExperience, startExperience, submitExperience } from './experience.service.js';
import { currentInteraction } from './interaction.js';
import { decoy, verifyPasswordIdentity } from './password-verification.js';

const noContent = z.null().describe('No content');
const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;

const identifier = z.object({
  type: z.enum(['username', 'email', 'phone']),
  value: z.string().trim().min(1).max(320),
});

/**
 * The Experience API under /api/experience: calls of the end user's browser, bound to the
 * oidc-provider interaction by its cookie; no management token. State lives in the database.
 */
export const experienceApiRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const db = app.services.db;
  const schema = { tags: ['Experience'], security: [] };
  void decoy(); // computed now, so that the first unknown identifier is not slower than the rest

  app.put(
    '/',
    {
      schema: {
        ...schema,
        summary: 'Start an experience for the current sign-in interaction',
        body: z.object({ interactionEvent: z.enum(['SignIn', 'Register', 'ForgotPassword']) }),
        response: { 204: noContent, ...errors(400, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      await startExperience(db, interaction, request.body.interactionEvent);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/verification/password',
    {
      schema: {
        ...schema,
        summary: 'Verify a password for an identifier',
        body: z.object({ identifier, password: z.string().min(1).max(512) }),
        response: { 200: z.object({ verificationId: z.string() }), ...errors(400, 401, 422) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      await requireExperience(db, interaction);
      const { identifier, password } = request.body;
      return { verificationId: await verifyPasswordIdentity(db, interaction.uid, identifier, password) };
    },
  );

  app.post(
    '/identification',
    {
      schema: {
        ...schema,
        summary: 'Identify the user through a successful verification',
        body: z.object({ verificationId: z.string().min(1).max(64) }),
        response: { 204: noContent, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      await identifyUser(db, interaction, request.body.verificationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/submit',
    {
      schema: {
        ...schema,
        summary: 'Finish the interaction; the browser then goes to redirectTo',
        response: { 200: z.object({ redirectTo: z.string() }), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      return { redirectTo: await submitExperience(request, reply, interaction) };
    },
  );
};
