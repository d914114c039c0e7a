import type { FastifyPluginAsync } from 'fastify';

/** The end-user side: the Experience API under /api/experience and the sign-in page. */
export const experienceRoutes: FastifyPluginAsync = async () => {};
