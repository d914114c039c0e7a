import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { toOrganizationScope } from './entities.js';
import { findNamed } from './named-entities.repository.js';
import { addRoleScopes, removeRoleScope, replaceRoleScopes } from './organization-roles.service.js';
import { listRoleScopes } from './role-scopes.repository.js';
import { idParams, nonEmptyScopeIdsBody, organizationScope, pageQueryOnly, scopeIdsBody } from './schemas.js';

const tags = ['Organization roles'];

/** /organization-roles/:id/scopes; every write fires OrganizationRole.Scopes.Updated. */
export const roleScopesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/organization-roles/:id/scopes',
    {
      schema: {
        tags,
        params: idParams,
        querystring: pageQueryOnly,
        response: { 200: z.array(organizationScope), 404: errorBody },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { id } = request.params;
      if (!(await findNamed(db, 'organization_roles', id))) throw notFound('organization role', id);
      const { total, rows } = await listRoleScopes(db, id, pageBounds(request.query, 'default'));
      sendTotal(reply, total, 'default');
      return rows.map(toOrganizationScope);
    },
  );

  typed.post(
    '/organization-roles/:id/scopes',
    {
      schema: {
        tags,
        params: idParams,
        body: nonEmptyScopeIdsBody,
        response: { 201: scopeIdsBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { organizationScopeIds } = request.body;
      await mutate(request, 201, (trx, events) =>
        addRoleScopes(trx, events, request.params.id, organizationScopeIds),
      );
      return reply.status(201).send({ organizationScopeIds });
    },
  );

  typed.put(
    '/organization-roles/:id/scopes',
    {
      schema: {
        tags,
        params: idParams,
        body: scopeIdsBody,
        response: { 204: z.null(), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) =>
        replaceRoleScopes(trx, events, request.params.id, request.body.organizationScopeIds),
      );
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    '/organization-roles/:id/scopes/:organizationScopeId',
    {
      schema: {
        tags,
        params: idParams.extend({ organizationScopeId: z.string().min(1) }),
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, organizationScopeId } = request.params;
      await mutate(request, 204, (trx, events) => removeRoleScope(trx, events, id, organizationScopeId));
      return reply.status(204).send(null);
    },
  );
};
