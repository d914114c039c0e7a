import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { findNamed } from './named-entities.repository.js';
import { listRoleResourceScopes } from './role-resource-scopes.repository.js';
import {
  addRoleResourceScopes,
  removeRoleResourceScope,
  replaceRoleResourceScopes,
} from './role-resource-scopes.service.js';
import {
  idParams,
  nonEmptyResourceScopeIdsBody,
  pageQueryOnly,
  resourceScope,
  resourceScopeIdsBody,
} from './schemas.js';

const tags = ['Organization roles'];
const path = '/organization-roles/:id/resource-scopes';

/** /organization-roles/:id/resource-scopes: API permissions a role grants inside an organization. */
export const roleResourceScopesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    path,
    {
      schema: {
        tags,
        params: idParams,
        querystring: pageQueryOnly,
        response: { 200: z.array(resourceScope), 404: errorBody },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { id } = request.params;
      if (!(await findNamed(db, 'organization_roles', id))) throw notFound('organization role', id);
      const { total, rows } = await listRoleResourceScopes(db, id, pageBounds(request.query, 'default'));
      sendTotal(reply, total, 'default');
      return rows.map((row) => ({
        id: row.id,
        resourceId: row.resource_id,
        name: row.name,
        description: row.description,
        createdAt: row.created_at.getTime(),
      }));
    },
  );

  typed.post(
    path,
    {
      schema: {
        tags,
        params: idParams,
        body: nonEmptyResourceScopeIdsBody,
        response: { 201: resourceScopeIdsBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { scopeIds } = request.body;
      await mutate(request, 201, (trx) => addRoleResourceScopes(trx, request.params.id, scopeIds));
      return reply.status(201).send({ scopeIds });
    },
  );

  typed.put(
    path,
    {
      schema: {
        tags,
        params: idParams,
        body: resourceScopeIdsBody,
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx) =>
        replaceRoleResourceScopes(trx, request.params.id, request.body.scopeIds),
      );
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    `${path}/:scopeId`,
    {
      schema: {
        tags,
        params: idParams.extend({ scopeId: z.string().min(1) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, scopeId } = request.params;
      await mutate(request, 204, (trx) => removeRoleResourceScope(trx, id, scopeId));
      return reply.status(204).send(null);
    },
  );
};
