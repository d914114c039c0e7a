import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';
import { hookActivityRoutes } from './hook-activity.routes.js';
import * as repository from './hooks.repository.js';
import { createHookBody, hookResponse, listHooksQuery, updateHookBody } from './hooks.schemas.js';
import * as service from './hooks.service.js';

const tags = ['Hooks'];

/** Webhook configurations, their deliveries and logs: /hooks. */
export const hooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;

  app.post(
    '/hooks',
    {
      schema: {
        tags,
        summary: 'Create a hook; the response carries its signing key',
        body: createHookBody,
        response: { 201: hookResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const hook = await service.createHook(db, config, request.body);
      const response = service.toHookResponse(hook);
      const { event, config: input } = request.body;
      // Logto's legacy `{event, config: {url, retries}}` form gets its members back.
      if (event !== undefined) response.event = event;
      if (input.retries !== undefined) response.config = { ...response.config, retries: input.retries };
      return reply.status(201).send(response);
    },
  );

  app.get(
    '/hooks',
    {
      schema: {
        tags,
        summary: 'List hooks, newest first, optionally with 24-hour execution stats',
        querystring: listHooksQuery,
        response: { 200: z.array(hookResponse), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      sendTotal(reply, await repository.countHooks(db));
      const rows = await repository.listHooks(db, pageBounds(request.query));
      if (!request.query.includeExecutionStats) return rows.map((row) => service.toHookResponse(row));
      const stats = await repository.executionStats(
        db,
        rows.map((row) => row.id),
      );
      const none = { requestCount: 0, successCount: 0 };
      return rows.map((row) => service.toHookResponse(row, stats.get(row.id) ?? none));
    },
  );

  app.get(
    '/hooks/:id',
    {
      schema: {
        tags,
        summary: 'Get a hook',
        params: idParams,
        response: { 200: hookResponse, ...errorResponses(404) },
      },
    },
    async (request) => service.toHookResponse(await service.getHook(db, request.params.id)),
  );

  app.patch(
    '/hooks/:id',
    {
      schema: {
        tags,
        summary: 'Update a hook; `config` is replaced as a whole',
        params: idParams,
        body: updateHookBody,
        response: { 200: hookResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      service.toHookResponse(await service.updateHook(db, config, request.params.id, request.body)),
  );

  app.patch(
    '/hooks/:id/signing-key',
    {
      schema: {
        tags,
        summary: 'Regenerate the signing key (and so the Standard Webhooks secret)',
        params: idParams,
        response: { 200: hookResponse, ...errorResponses(404) },
      },
    },
    async (request) => service.toHookResponse(await service.regenerateSigningKey(db, request.params.id)),
  );

  app.delete(
    '/hooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a hook with its pending deliveries',
        params: idParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await service.deleteHook(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(hookActivityRoutes);
};
