import type { FastifyPluginAsync } from 'fastify';

/** Roles, their scopes, and role assignments: /roles, /users/:userId/roles. */
export const rolesRoutes: FastifyPluginAsync = async () => {};
