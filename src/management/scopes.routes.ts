import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { mutate } from '../webhooks/mutation.js';
import * as repository from './scopes.repository.js';
import {
  createScopeBody,
  listResourcesQuery,
  resourceIdParams,
  scopeParams,
  scopeResponse,
  updateScopeBody,
} from './resources.schemas.js';
import { getResource } from './resources.service.js';
import { errorResponses, noContent } from '../http/route-schemas.js';
import { createScope, deleteScope, toScopeResponse, updateScope } from './scopes.service.js';

const tags = ['API resources'];

/** Scopes (permissions) of an API resource: /resources/:resourceId/scopes. */
export const scopesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/resources/:resourceId/scopes',
    {
      schema: {
        tags,
        summary: 'Create a scope; its name is unique within the resource',
        params: resourceIdParams,
        body: createScopeBody,
        response: { 201: scopeResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const scope = await mutate(request, 201, (trx, events) =>
        createScope(trx, events, request.params.resourceId, request.body),
      );
      return reply.status(201).send(scope);
    },
  );

  app.get(
    '/resources/:resourceId/scopes',
    {
      schema: {
        tags,
        summary: 'List the scopes of an API resource',
        params: resourceIdParams,
        querystring: pageQuery.extend(listResourcesQuery.shape),
        response: { 200: z.array(scopeResponse), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { resourceId } = request.params;
      await getResource(db, resourceId);
      const { total, rows } = await repository.listScopes(
        db,
        resourceId,
        request.query.search,
        pageBounds(request.query),
      );
      sendTotal(reply, total);
      return rows.map(toScopeResponse);
    },
  );

  app.patch(
    '/resources/:resourceId/scopes/:scopeId',
    {
      schema: {
        tags,
        summary: 'Update a scope',
        params: scopeParams,
        body: updateScopeBody,
        response: { 200: scopeResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx, events) =>
        updateScope(trx, events, request.params.resourceId, request.params.scopeId, request.body),
      ),
  );

  app.delete(
    '/resources/:resourceId/scopes/:scopeId',
    {
      schema: {
        tags,
        summary: 'Delete a scope (never the management API `all` scope)',
        params: scopeParams,
        response: { 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx, events) =>
        deleteScope(trx, events, request.params.resourceId, request.params.scopeId),
      );
      return reply.status(204).send(null);
    },
  );
};
