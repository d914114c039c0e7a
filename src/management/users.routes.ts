import type { FastifyPluginAsync } from 'fastify';

/** Users: /users. */
export const usersRoutes: FastifyPluginAsync = async () => {};
