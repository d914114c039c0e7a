import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { parseSearch } from '../http/search-query.js';
import { mutate } from '../webhooks/mutation.js';
import { roleAssignmentsRoutes } from './role-assignments.routes.js';
import { roleMembersRoutes } from './role-members.routes.js';
import { roleScopesRoutes } from './role-scopes.routes.js';
import * as repository from './roles.repository.js';
import { createRoleBody, listRolesQuery, roleResponse, updateRoleBody } from './roles.schemas.js';
import { createRole, deleteRole, getRole, toRoleResponse, updateRole } from './roles.service.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';

const tags = ['Roles'];

/** Roles, their scopes, and role assignments: /roles, /users/:userId/roles, /applications/:id/roles. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/roles',
    {
      schema: {
        tags,
        summary: 'Create a role, optionally with scopes',
        body: createRoleBody,
        response: { 200: roleResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) => mutate(request, 200, (trx, events) => createRole(trx, events, request.body)),
  );

  app.get(
    '/roles',
    {
      schema: {
        tags,
        summary: 'List roles, newest first',
        querystring: pageQuery.extend(listRolesQuery.shape),
        response: { 200: z.array(roleResponse), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const search = parseSearch(request.url, Object.keys(repository.roleSearchColumns));
      const { type, excludeUserId, excludeApplicationId } = request.query;
      const filter = { search, type, excludeUserId, excludeApplicationId };
      const { total, rows } = await repository.listRoles(db, filter, pageBounds(request.query));
      sendTotal(reply, total);
      return rows.map(toRoleResponse);
    },
  );

  app.get(
    '/roles/:id',
    {
      schema: {
        tags,
        summary: 'Get a role',
        params: idParams,
        response: { 200: roleResponse, ...errorResponses(404) },
      },
    },
    async (request) => toRoleResponse(await getRole(request.server.services.db, request.params.id)),
  );

  app.patch(
    '/roles/:id',
    {
      schema: {
        tags,
        summary: 'Update the name, description or default flag of a role; its type is fixed',
        params: idParams,
        body: updateRoleBody,
        response: { 200: roleResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx, events) => updateRole(trx, events, request.params.id, request.body)),
  );

  app.delete(
    '/roles/:id',
    {
      schema: {
        tags,
        summary: 'Delete a role (never the management API role)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) => deleteRole(trx, events, request.params.id));
      return reply.status(204).send(null);
    },
  );

  await app.register(roleScopesRoutes);
  await app.register(roleAssignmentsRoutes);
  await app.register(roleMembersRoutes);
};
