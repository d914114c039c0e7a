import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { HookEvent } from './event-names.js';
import type { PendingEvent, TriggerContext } from './payload.js';

export interface EventSink {
  emit(event: HookEvent, payload: Record<string, unknown>): void;
}

/**
 * Runs a management write in one transaction; the events it emits are written to the webhook
 * outbox in that same transaction, and only if the work succeeds (so only 2xx calls fire).
 */
export async function mutate<T>(
  request: FastifyRequest,
  successStatus: number,
  work: (trx: Transaction<Database>, events: EventSink) => Promise<T>,
): Promise<T> {
  const { db, deliveries } = request.server.services;
  const outbox = deliveries.outbox();
  const result = await db.transaction().execute(async (trx) => {
    const pending: PendingEvent[] = [];
    const result = await work(trx, { emit: (event, payload) => pending.push({ event, payload }) });
    await outbox.write(trx, managementContext(request, successStatus), pending);
    return result;
  });
  // After the commit, so the workers can see the rows; they never delay the response.
  outbox.committed();
  return result;
}

export function managementContext(request: FastifyRequest, status: number): TriggerContext {
  const stripApi = (path: string) => path.replace(/^\/api(?=\/)/, '');
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    management: {
      path: stripApi(request.url.split('?')[0]!),
      method: request.method,
      status,
      params: (request.params ?? {}) as Record<string, string>,
      matchedRoute: stripApi(request.routeOptions.url ?? ''),
    },
  };
}
