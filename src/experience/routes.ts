import type { FastifyPluginAsync } from 'fastify';
import { experienceApiRoutes } from './experience.routes.js';
import { signInPageRoutes } from './sign-in-page.js';

/** The end-user side: the Experience API under /api/experience and the sign-in page. */
export const experienceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(experienceApiRoutes, { prefix: '/api/experience' });
  await app.register(signInPageRoutes);
};
