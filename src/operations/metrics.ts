import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DeliveryStatus } from '../storage/tables/webhooks.js';

export type DeliveryOutcome = Exclude<DeliveryStatus, 'pending'>;

/**
 * The service's Prometheus metrics, in a registry of its own: several services in one process
 * (tests, benchmarks) each count their own.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly tokenExchanges = new Counter({
    name: 'tessera_token_exchanges_total',
    help: 'RFC 8693 token exchanges, by result and (for refusals) the RFC 6749 error code',
    labelNames: ['result', 'reason'] as const,
    registers: [this.registry],
  });
  readonly tokensIssued = new Counter({
    name: 'tessera_tokens_issued_total',
    help: 'Successful token endpoint responses, by grant type',
    labelNames: ['grant_type'] as const,
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Counter({
    name: 'tessera_webhook_deliveries_total',
    help: 'Finished webhook delivery attempts, by the state they left the delivery in',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly webhookDeliverySeconds = new Histogram({
    name: 'tessera_webhook_delivery_seconds',
    help: 'From the commit that wrote a delivery to the receiver accepting it',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
    registers: [this.registry],
  });
  readonly httpRequestSeconds = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Public HTTP requests, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when scraped, from `read` (a cheap, bounded query). */
  gaugeOnScrape(name: string, help: string, read: () => Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  deliveryFinished(outcome: DeliveryOutcome, createdAt: Date): void {
    this.webhookDeliveries.inc({ outcome });
    if (outcome === 'delivered')
      this.webhookDeliverySeconds.observe((Date.now() - createdAt.getTime()) / 1000);
  }
}
