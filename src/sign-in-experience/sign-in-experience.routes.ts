import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../http/error-schema.js';
import { loadSignInExperience, patchSignInExperience } from './sign-in-experience.js';
import { signInExperience, signInExperiencePatch } from './sign-in-experience.schemas.js';

const tags = ['Sign-in experience'];

/** GET/PATCH /api/sign-in-exp: which identifiers register and sign in how, and the password policy. */
export const signInExperienceRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/sign-in-exp', { schema: { tags, response: { 200: signInExperience } } }, async (request) =>
    loadSignInExperience(request.server.services.db),
  );

  typed.patch(
    '/sign-in-exp',
    { schema: { tags, body: signInExperiencePatch, response: { 200: signInExperience, 400: errorBody } } },
    async (request) => patchSignInExperience(request.server.services.db, request.body),
  );
};
