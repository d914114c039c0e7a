import type { FastifyPluginAsync } from 'fastify';

/** Organizations, members, roles, scopes and invitations. */
export const organizationsRoutes: FastifyPluginAsync = async () => {};
