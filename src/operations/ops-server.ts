import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../storage/database.js';
import type { Metrics } from './metrics.js';
import { checkReadiness } from './readiness.js';

export interface OpsServer {
  /** e.g. http://127.0.0.1:9000 */
  address: string;
  /** From now on /health/ready answers 503 `stopping`, so load balancers drain the instance. */
  draining(): void;
  close(): Promise<void>;
}

/** The operations listener: health for orchestrators and metrics for Prometheus, off the public port. */
export async function startOpsServer(options: {
  host: string;
  port: number;
  db: Db;
  metrics: Metrics;
  log: Logger;
}): Promise<OpsServer> {
  let stopping = false;
  const app = Fastify({
    loggerInstance: options.log.child({ listener: 'ops' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get('/health/live', async (_request, reply) => reply.send({ status: 'live' }));
  app.get('/health/ready', async (_request, reply) => {
    const readiness = await checkReadiness(options.db, stopping);
    if (readiness.ready) return reply.send({ status: 'ready' });
    return reply
      .status(503)
      .send({ status: 'unavailable', reason: readiness.reason, message: readiness.message });
  });
  app.get('/metrics', async (_request, reply) => {
    const body = await options.metrics.registry.metrics();
    return reply.type(options.metrics.registry.contentType).send(body);
  });
  const address = await app.listen({ host: options.host, port: options.port });
  return {
    address,
    draining: () => {
      stopping = true;
    },
    close: () => app.close(),
  };
}
