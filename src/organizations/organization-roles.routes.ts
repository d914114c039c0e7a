import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { toOrganizationRole } from './entities.js';
import { findNamed, listNamed } from './named-entities.repository.js';
import { createRole, patchRole, removeRole } from './organization-roles.service.js';
import { resourceScopesOfRoles } from './role-resource-scopes.repository.js';
import { scopesOfRoles } from './role-scopes.repository.js';
import {
  createRoleBody,
  idParams,
  listQuery,
  organizationRole,
  organizationRoleType,
  organizationRoleWithScopes,
  updateRoleBody,
} from './schemas.js';

const tags = ['Organization roles'];

/** /organization-roles and /organization-roles/:id. */
export const organizationRolesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/organization-roles',
    { schema: { tags, body: createRoleBody, response: { 201: organizationRole, 422: errorBody } } },
    async (request, reply) => {
      const role = await mutate(request, 201, (trx, events) => createRole(trx, events, request.body));
      return reply.status(201).send(role);
    },
  );

  typed.get(
    '/organization-roles',
    {
      schema: {
        tags,
        querystring: listQuery.extend({ type: organizationRoleType.optional() }),
        response: { 200: z.array(organizationRoleWithScopes) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { total, rows } = await listNamed(db, 'organization_roles', {
        ...pageBounds(request.query, 'default'),
        search: request.query.q ?? request.query.search,
        type: request.query.type,
      });
      const roleIds = rows.map((row) => row.id);
      const [scopes, resourceScopes] = await Promise.all([
        scopesOfRoles(db, roleIds),
        resourceScopesOfRoles(db, roleIds),
      ]);
      sendTotal(reply, total, 'default');
      return rows.map((row) => ({
        ...toOrganizationRole(row),
        scopes: scopes.filter((s) => s.roleId === row.id).map(({ id, name }) => ({ id, name })),
        resourceScopes: resourceScopes
          .filter((s) => s.roleId === row.id)
          .map((s) => ({ id: s.id, name: s.name, resource: { id: s.resourceId, name: s.resourceName } })),
      }));
    },
  );

  typed.get(
    '/organization-roles/:id',
    { schema: { tags, params: idParams, response: { 200: organizationRole, 404: errorBody } } },
    async (request) => {
      const row = await findNamed(request.server.services.db, 'organization_roles', request.params.id);
      if (!row) throw notFound('organization role', request.params.id);
      return toOrganizationRole(row);
    },
  );

  typed.patch(
    '/organization-roles/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateRoleBody,
        response: { 200: organizationRole, 404: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) => patchRole(trx, events, request.params.id, request.body)),
  );

  typed.delete(
    '/organization-roles/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) => removeRole(trx, events, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
