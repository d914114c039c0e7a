import type { Tracer } from '@opentelemetry/api';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { SigningKeyRing } from './oidc/key-ring.js';
import type { Metrics } from './operations/metrics.js';
import type { Clock } from './storage/clock.js';
import type { InstanceHeartbeat } from './storage/instance-heartbeat.js';
import type { SecretBox } from './storage/secret-box.js';
import type { Storage } from './storage/database.js';
import type { Deliveries } from './webhooks/deliveries.js';

/** What every part of one running app shares; built once in `buildApp`. */
export interface Services {
  config: Config;
  db: Storage['db'];
  backend: Storage['backend'];
  /** The time of lockouts, webhook leases and retries, subject tokens and management tokens. */
  clock: Clock;
  /** The published signing keys, re-read periodically; a change replaces `provider`. */
  keys: SigningKeyRing;
  /** This process in the `instances` table: its id owns the leases it takes. */
  instance: InstanceHeartbeat;
  /** Seals and opens the application secrets shown again to administrators. */
  secretBox: SecretBox;
  /** The current oidc-provider: read it at each use, never keep it (key changes replace it). */
  readonly provider: Provider;
  /** The hand-off from the writers of webhook events to this app's delivery worker. */
  deliveries: Deliveries;
  log: Logger;
  metrics: Metrics;
  /** OpenTelemetry spans (requests, exchange steps, delivery attempts); the API's no-op when off. */
  tracer: Tracer;
}

export interface Observability {
  log: Logger;
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
