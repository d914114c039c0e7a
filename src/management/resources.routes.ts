import type { FastifyPluginAsync } from 'fastify';

/** API resources and their scopes: /resources. */
export const resourcesRoutes: FastifyPluginAsync = async () => {};
