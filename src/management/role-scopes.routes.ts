import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { resourceResponse, scopeResponse } from './resources.schemas.js';
import { listRoleScopes } from './role-scopes.repository.js';
import { linkScopesToRole, unlinkScopeFromRole, withResources } from './role-scopes.service.js';
import { roleScopeParams, scopeIdsBody } from './roles.schemas.js';
import { getRole } from './roles.service.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';

const tags = ['Roles'];

/** The scopes (permissions) a role grants: /roles/:id/scopes. */
export const roleScopesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles/:id/scopes',
    {
      schema: {
        tags,
        summary: 'List the scopes of a role',
        params: idParams,
        querystring: pageQuery,
        response: {
          200: z.array(scopeResponse.extend({ resource: resourceResponse })),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const role = await getRole(db, request.params.id);
      const { total, rows } = await listRoleScopes(db, role.id, pageBounds(request.query));
      sendTotal(reply, total);
      return withResources(db, rows);
    },
  );

  app.post(
    '/roles/:id/scopes',
    {
      schema: {
        tags,
        summary: 'Link scopes to a role; answers with every scope the role now has',
        params: idParams,
        body: scopeIdsBody,
        response: { 200: z.array(scopeResponse), ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx, events) =>
        linkScopesToRole(trx, events, request.params.id, request.body.scopeIds),
      ),
  );

  app.delete(
    '/roles/:id/scopes/:scopeId',
    {
      schema: {
        tags,
        summary: 'Unlink a scope from a role',
        params: roleScopeParams,
        response: { 204: noContent, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) =>
        unlinkScopeFromRole(trx, events, request.params.id, request.params.scopeId),
      );
      return reply.status(204).send(null);
    },
  );
};
