import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from '../account/account.routes.js';
import { verificationsRoutes } from '../account/verifications.routes.js';
import { federatedExperienceRoutes } from '../social/social-experience.routes.js';
import { experienceApiRoutes } from './experience.routes.js';
import { hostedRoutes } from '../hosted/hosted.routes.js';

/** The end-user side: the Experience API, the Account API (/api/my-account) and the hosted pages. */
export const experienceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(experienceApiRoutes, { prefix: '/api/experience' });
  await app.register(federatedExperienceRoutes, { prefix: '/api/experience' });
  await app.register(accountRoutes, { prefix: '/api/my-account' });
  await app.register(verificationsRoutes, { prefix: '/api/verifications' });
  await app.register(hostedRoutes);
};
