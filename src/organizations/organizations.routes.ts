import type { FastifyPluginAsync } from 'fastify';
import { memberApplicationsRoutes } from './member-applications.routes.js';
import { memberUsersRoutes } from './member-users.routes.js';
import { organizationCrudRoutes } from './organization-crud.routes.js';

/** Organizations, members, roles, scopes and invitations. */
export const organizationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(organizationCrudRoutes);
  await app.register(memberUsersRoutes);
  await app.register(memberApplicationsRoutes);
};
