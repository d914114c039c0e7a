import type { FastifyPluginAsync } from 'fastify';

/** Webhook configurations, their deliveries and logs: /hooks. */
export const hooksRoutes: FastifyPluginAsync = async () => {};
