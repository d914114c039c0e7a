import type { FastifyPluginAsync } from 'fastify';
import { invitationsRoutes } from './invitations.routes.js';
import { jitRolesRoutes } from './jit-roles.routes.js';
import { jitRoutes } from './jit.routes.js';
import { memberApplicationsRoutes } from './member-applications.routes.js';
import { memberRoleBulkRoutes } from './member-role-bulk.routes.js';
import { applicationRolesRoutes, userRolesRoutes } from './member-roles.routes.js';
import { memberUsersRoutes } from './member-users.routes.js';
import { organizationCrudRoutes } from './organization-crud.routes.js';
import { organizationRolesRoutes } from './organization-roles.routes.js';
import { organizationScopesRoutes } from './organization-scopes.routes.js';
import { roleResourceScopesRoutes } from './role-resource-scopes.routes.js';
import { roleScopesRoutes } from './role-scopes.routes.js';

/** Organizations, members, roles, scopes and invitations. */
export const organizationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(organizationCrudRoutes);
  await app.register(memberUsersRoutes);
  await app.register(memberApplicationsRoutes);
  await app.register(userRolesRoutes);
  await app.register(applicationRolesRoutes);
  await app.register(memberRoleBulkRoutes);
  await app.register(organizationRolesRoutes);
  await app.register(roleScopesRoutes);
  await app.register(roleResourceScopesRoutes);
  await app.register(organizationScopesRoutes);
  await app.register(invitationsRoutes);
  await app.register(jitRoutes);
  await app.register(jitRolesRoutes);
};
