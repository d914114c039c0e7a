import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { notFound } from '../http/errors.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import { toOrganizationScope } from './entities.js';
import { findNamed, listNamed } from './named-entities.repository.js';
import { createScope, patchScope, removeScope } from './organization-scopes.service.js';
import { createScopeBody, idParams, listQuery, organizationScope, updateScopeBody } from './schemas.js';

const tags = ['Organization scopes'];

/** /organization-scopes: the permissions organization roles are made of. */
export const organizationScopesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/organization-scopes',
    { schema: { tags, body: createScopeBody, response: { 201: organizationScope, 422: errorBody } } },
    async (request, reply) => {
      const scope = await mutate(request, 201, (trx, events) => createScope(trx, events, request.body));
      return reply.status(201).send(scope);
    },
  );

  typed.get(
    '/organization-scopes',
    { schema: { tags, querystring: listQuery, response: { 200: z.array(organizationScope) } } },
    async (request, reply) => {
      const { total, rows } = await listNamed(request.server.services.db, 'organization_scopes', {
        ...pageBounds(request.query, 'default'),
        search: request.query.q ?? request.query.search,
      });
      sendTotal(reply, total, 'default');
      return rows.map(toOrganizationScope);
    },
  );

  typed.get(
    '/organization-scopes/:id',
    { schema: { tags, params: idParams, response: { 200: organizationScope, 404: errorBody } } },
    async (request) => {
      const row = await findNamed(request.server.services.db, 'organization_scopes', request.params.id);
      if (!row) throw notFound('organization scope', request.params.id);
      return toOrganizationScope(row);
    },
  );

  typed.patch(
    '/organization-scopes/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateScopeBody,
        response: { 200: organizationScope, 404: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      mutate(request, 200, (trx, events) => patchScope(trx, events, request.params.id, request.body)),
  );

  typed.delete(
    '/organization-scopes/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) => removeScope(trx, events, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
