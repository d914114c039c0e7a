import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../http/error-schema.js';
import { epochMillis } from '../http/epoch-millis.js';
import { invalidInput, notFound } from '../http/errors.js';
import { pageBounds, pageQuery, sendTotal } from '../http/pagination.js';
import { readLogPayload } from './log-payload.js';
import { findLog, findLogs } from './logs.repository.js';

/** Epoch milliseconds (as Logto's timestamps are) or an ISO 8601 date-time. */
const instant = z.union([
  z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .pipe(epochMillis)
    .transform((ms) => new Date(ms)),
  z.iso.datetime({ offset: true }).transform((iso) => new Date(iso)),
]);

const logsQuery = pageQuery.extend({
  key: z.string().max(256).optional().describe('An exact key, or a prefix ending in `*` (`TriggerHook.*`)'),
  result: z.enum(['Success', 'Error']).optional(),
  /** Logto's name for `key`. */
  logKey: z.string().max(256).optional(),
  userId: z.string().max(128).optional(),
  applicationId: z.string().max(128).optional(),
  startTime: instant.optional(),
  endTime: instant.optional(),
  /** Logto's names for `startTime` and `endTime`. */
  start_time: instant.optional(),
  end_time: instant.optional(),
});

const logResponse = z.object({
  id: z.string(),
  key: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
});

const toResponse = (row: {
  id: string;
  key: string;
  payload: Record<string, unknown>;
  created_at: Date;
}) => ({
  id: row.id,
  key: row.key,
  payload: readLogPayload(row.payload),
  createdAt: row.created_at.getTime(),
});

/** Audit logs: /logs. */
export const logsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    '/logs',
    {
      schema: {
        summary: 'List audit logs, newest first',
        querystring: logsQuery,
        response: { 200: z.array(logResponse), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { key, logKey, result, userId, applicationId } = request.query;
      const startTime = request.query.startTime ?? request.query.start_time;
      const endTime = request.query.endTime ?? request.query.end_time;
      if (startTime && endTime && startTime > endTime) {
        throw invalidInput('The start time must not be after the end time.');
      }
      const { limit, offset } = pageBounds(request.query);
      const { rows, total } = await findLogs(
        db,
        { key: key ?? logKey, result, userId, applicationId, startTime, endTime },
        limit,
        offset,
      );
      sendTotal(reply, total);
      return rows.map(toResponse);
    },
  );

  app.get(
    '/logs/:id',
    {
      schema: {
        summary: 'Get one audit log',
        params: z.object({ id: z.string().min(1).max(128) }),
        response: { 200: logResponse, 404: errorBody },
      },
    },
    async (request) => {
      const row = await findLog(db, request.params.id);
      if (!row) throw notFound('log', request.params.id);
      return toResponse(row);
    },
  );
};
