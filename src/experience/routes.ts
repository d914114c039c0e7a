import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from '../account/account.routes.js';
import { federatedExperienceRoutes } from '../social/social-experience.routes.js';
import { experienceApiRoutes } from './experience.routes.js';
import { signInPageRoutes } from './sign-in-page.js';

/** The end-user side: the Experience API, the Account API (/api/my-account) and the sign-in page. */
export const experienceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(experienceApiRoutes, { prefix: '/api/experience' });
  await app.register(federatedExperienceRoutes, { prefix: '/api/experience' });
  await app.register(accountRoutes, { prefix: '/api/my-account' });
  await app.register(signInPageRoutes);
};
