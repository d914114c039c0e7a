import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { forgetResources } from '../oidc/resource-lookup.js';
import { mutate } from '../webhooks/mutation.js';
import * as repository from './resources.repository.js';
import {
  createResourceBody,
  listResourcesQuery,
  resourceResponse,
  updateResourceBody,
} from './resources.schemas.js';
import {
  createResource,
  deleteResource,
  getResource,
  setDefaultResource,
  toResourceResponse,
  updateResource,
} from './resources.service.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';
import { scopesRoutes } from './scopes.routes.js';

const tags = ['API resources'];

/** API resources and their scopes: /resources. */
export const resourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/resources',
    {
      schema: {
        tags,
        summary: 'Create an API resource',
        body: createResourceBody,
        response: { 201: resourceResponse, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const resource = await mutate(request, 201, (trx) => createResource(trx, request.body));
      return reply.status(201).send(resource);
    },
  );

  app.get(
    '/resources',
    {
      schema: {
        tags,
        summary: 'List API resources, newest first',
        querystring: pageQuery.extend(listResourcesQuery.shape),
        response: { 200: z.array(resourceResponse), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const db = request.server.services.db;
      const { total, rows } = await repository.listResources(
        db,
        request.query.search,
        pageBounds(request.query),
      );
      sendTotal(reply, total);
      return rows.map(toResourceResponse);
    },
  );

  app.get(
    '/resources/:id',
    {
      schema: {
        tags,
        summary: 'Get an API resource',
        params: idParams,
        response: { 200: resourceResponse, ...errorResponses(404) },
      },
    },
    async (request) => toResourceResponse(await getResource(request.server.services.db, request.params.id)),
  );

  app.patch(
    '/resources/:id',
    {
      schema: {
        tags,
        summary: 'Update an API resource',
        params: idParams,
        body: updateResourceBody,
        response: { 200: resourceResponse, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const updated = await mutate(request, 200, (trx) =>
        updateResource(trx, request.params.id, request.body),
      );
      forgetResources(request.server.services.db);
      return updated;
    },
  );

  app.patch(
    '/resources/:id/is-default',
    {
      schema: {
        tags,
        summary: 'Make an API resource the default (clearing any other) or not',
        params: idParams,
        body: z.object({ isDefault: z.boolean() }),
        response: { 200: resourceResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const updated = await mutate(request, 200, (trx) =>
        setDefaultResource(trx, request.params.id, request.body.isDefault),
      );
      forgetResources(request.server.services.db);
      return updated;
    },
  );

  app.delete(
    '/resources/:id',
    {
      schema: {
        tags,
        summary: 'Delete an API resource with its scopes (never the management API)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await mutate(request, 204, (trx) => deleteResource(trx, request.params.id));
      forgetResources(request.server.services.db);
      return reply.status(204).send(null);
    },
  );

  await app.register(scopesRoutes);
};
