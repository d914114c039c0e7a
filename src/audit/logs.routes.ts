import type { FastifyPluginAsync } from 'fastify';

/** Audit logs: /logs. */
export const logsRoutes: FastifyPluginAsync = async () => {};
