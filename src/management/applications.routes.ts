import type { FastifyPluginAsync } from 'fastify';

/** Applications: /applications. */
export const applicationsRoutes: FastifyPluginAsync = async () => {};
