import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readLogPayload } from '../audit/log-payload.js';
import { notFound } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { pageBounds, sendTotal } from '../http/pagination.js';
import { errorResponses, idParams, noContent } from '../http/route-schemas.js';
import * as history from './delivery-history.repository.js';
import { sendTestPayloads } from './hook-test.service.js';
import {
  deliveryParams,
  deliveryResponse,
  hookLogResponse,
  listDeliveriesQuery,
  recentLogsQuery,
  testHookBody,
} from './hooks.schemas.js';
import { getHook } from './hooks.service.js';
import { createSender } from './http-sender.js';

const tags = ['Hooks'];
const epoch = (date: Date | null) => (date ? date.getTime() : null);

/** Testing a hook, its recent logs, and its deliveries (list and redeliver). */
export const hookActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, deliveries, clock } = app.services;
  const sender = createSender(config.webhooks);
  app.addHook('onClose', async () => sender.close());

  app.post(
    '/hooks/:id/test',
    {
      schema: {
        tags,
        summary: "Send sample payloads to an endpoint with the hook's key; never returns the endpoint's body",
        params: idParams,
        body: testHookBody,
        response: { 204: noContent, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      await sendTestPayloads(db, config, sender, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/hooks/:id/recent-logs',
    {
      schema: {
        tags,
        summary: "Audit logs of the hook's delivery attempts in the last 24 hours, newest first",
        params: idParams,
        querystring: recentLogsQuery,
        response: { 200: z.array(hookLogResponse), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await getHook(db, request.params.id);
      const { logKey } = request.query;
      const page = await history.recentHookLogs(db, request.params.id, {
        logKey,
        ...pageBounds(request.query),
      });
      sendTotal(reply, page.total);
      return page.rows.map((row) => ({
        id: row.id,
        key: row.key,
        payload: readLogPayload(row.payload),
        createdAt: row.created_at.getTime(),
      }));
    },
  );

  app.get(
    '/hooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "The hook's deliveries, newest first, with every attempt",
        params: idParams,
        querystring: listDeliveriesQuery,
        response: { 200: z.array(deliveryResponse), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const hookId = request.params.id;
      await getHook(db, hookId);
      const { status } = request.query;
      sendTotal(reply, await history.countDeliveries(db, hookId, status));
      const rows = await history.listDeliveries(db, hookId, { status, ...pageBounds(request.query) });
      return rows.map(toDeliveryResponse);
    },
  );

  app.post(
    '/hooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now, with a fresh retry schedule',
        params: deliveryParams,
        response: { 202: deliveryResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const hook = await getHook(db, id);
      if (!hook.enabled) throw apiError('hook.disabled');
      const outcome = await history.redeliver(db, clock, id, deliveryId);
      if (outcome === 'not_found') throw notFound('delivery', deliveryId);
      if (outcome === 'in_flight') {
        throw apiError('hook.delivery_in_flight');
      }
      deliveries.nudge();
      const delivery = await history.findDelivery(db, id, deliveryId);
      return reply.status(202).send(toDeliveryResponse(delivery!));
    },
  );
};

function toDeliveryResponse(row: history.DeliveryWithAttempts): z.infer<typeof deliveryResponse> {
  const final = row.status === 'delivered' || row.status === 'failed' || row.status === 'disabled';
  return {
    id: row.id,
    hookId: row.hook_id,
    event: row.event,
    status: row.status,
    nextAttemptAt: final ? null : epoch(row.next_attempt_at),
    createdAt: row.created_at.getTime(),
    attempts: row.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      statusCode: attempt.status_code,
      durationMs: attempt.duration_ms,
      error: attempt.error,
      nextAttemptAt: epoch(attempt.next_attempt_at),
      createdAt: attempt.created_at.getTime(),
    })),
  };
}
