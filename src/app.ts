import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Observability, Services } from './services.js';
import { experienceRoutes } from './experience/routes.js';
import { registerTokenExchange } from './impersonation/token-exchange.js';
import { installErrorHandler } from './http/error-handler.js';
import { namedOperationsTransform } from './http/openapi-transform.js';
import { refuseUnstorableInput } from './http/unstorable-text.js';
import { createManagementAuthenticator, type ManagementCaller } from './management/auth.js';
import { managementRoutes } from './management/routes.js';
import { oidcInputGuard } from './oidc/input-guard.js';
import { oidcMount, serverWithOidc, type NodeHandler } from './oidc/oidc-mount.js';
import { createProvider } from './oidc/provider.js';
import { SigningKeyRing } from './oidc/key-ring.js';
import { createLiveProvider } from './oidc/live-provider.js';
import type { SigningKey } from './oidc/signing-keys.js';
import { createLogger } from './operations/logger.js';
import { Metrics } from './operations/metrics.js';
import { countTokenEndpoint } from './operations/oidc-metrics.js';
import { observeOidc, observeRequests } from './operations/request-observation.js';
import { traceOidc, traceRequests } from './operations/request-tracing.js';
import { tracingOff, type Tracing } from './operations/tracing.js';
import { scheduleRetention, type RetentionSchedule } from './retention/retention.scheduler.js';
import { systemClock, type Clock } from './storage/clock.js';
import type { Storage } from './storage/database.js';
import { InstanceHeartbeat } from './storage/instance-heartbeat.js';
import { SecretBox } from './storage/secret-box.js';
import { countWaitingDeliveries } from './webhooks/outbox-size.repository.js';
import { Deliveries } from './webhooks/deliveries.js';
import { startDeliveryWorkers } from './webhooks/worker.js';
import { webRoutes } from './web/web.routes.js';
import { consoleRoutes } from './console/console.routes.js';
import { accountPageRoutes } from './account/account-page.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionSchedule;
  }
  interface FastifyRequest {
    caller: ManagementCaller | null;
  }
}

export type App = FastifyInstance;

/** The whole service as a Fastify instance, not yet listening; tests and the CLI both start it. */
export async function buildApp(
  config: Config,
  storage: Storage,
  {
    log,
    metrics,
    clock = systemClock,
    tracing = tracingOff,
  }: Observability & { clock?: Clock; tracing?: Tracing } = {
    log: createLogger(config),
    metrics: new Metrics(),
  },
): Promise<App> {
  const mounted: { oidc?: NodeHandler } = {};
  const app = Fastify({
    serverFactory: serverWithOidc(() => mounted.oidc),
    loggerInstance: log as FastifyBaseLogger,
    // One line per request from observeRequests instead: a route template, never a query string.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('preValidation', refuseUnstorableInput);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tessera Management API',
        version: '0.1.0',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      servers: [{ url: config.baseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: namedOperationsTransform,
  });

  const keys = await SigningKeyRing.load(storage.db, config.issuer);
  const secretBox = await SecretBox.load(storage.db, config.applicationSecrets.keys);
  const deliveries = new Deliveries(clock);
  const instanceLog = log.child({ name: 'instances' });
  const instance = new InstanceHeartbeat(storage.db, clock, config.instances, instanceLog);
  // Registered before anything is leased in its name.
  await instance.start();
  const base = {
    config,
    db: storage.db,
    backend: storage.backend,
    clock,
    keys,
    instance,
    secretBox,
    deliveries,
    log,
    metrics,
    tracer: tracing.tracer,
  };
  const build = (published: SigningKey[]) =>
    createProvider({
      config,
      db: storage.db,
      deliveries,
      keys: published,
      extend: (p) => {
        registerTokenExchange(p, base);
        countTokenEndpoint(p, metrics);
      },
    });
  const provider = await createLiveProvider(keys, build);
  keys.startRefreshing(config.signingKeys.refreshMs);
  app.addHook('onClose', async () => keys.stop());
  metrics.gaugeOnScrape(
    'tessera_webhook_outbox_pending',
    'Webhook deliveries waiting for a first or further attempt (counted up to 100000)',
    () => countWaitingDeliveries(storage.db, 100_000),
  );
  const services: Services = {
    ...base,
    get provider() {
      return provider.current;
    },
  };
  app.decorate('services', services);
  app.decorateRequest('caller', null);

  observeRequests(app, metrics);
  const oidc = observeOidc(oidcMount(oidcInputGuard(), provider.handle), log, metrics);
  if (tracing.enabled) traceRequests(app, tracing.tracer);
  mounted.oidc = tracing.enabled ? traceOidc(oidc, tracing.tracer) : oidc;

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/status', { schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
  typed.get('/api/swagger.json', { schema: { hide: true } }, async () => app.swagger());

  const authenticate = createManagementAuthenticator(config, storage.db, keys, clock);
  await app.register(managementRoutes, { prefix: '/api', authenticate });
  await app.register(experienceRoutes);
  await app.register(consoleRoutes);
  await app.register(accountPageRoutes);
  await app.register(webRoutes);

  const workers = startDeliveryWorkers(app.services);
  const retention = scheduleRetention(storage.db, config.retention, log.child({ name: 'retention' }));
  app.decorate('retention', retention);
  // Started before the listener closes, so running sends finish while in-flight requests do.
  let stopping: Promise<unknown> | undefined;
  const stopBackgroundWork = () => (stopping ??= Promise.all([workers.stop(), retention.stop()]));
  app.addHook('preClose', (done) => {
    void stopBackgroundWork();
    done();
  });
  app.addHook('onClose', async () => {
    await stopBackgroundWork();
    await instance.stop();
  });
  return app;
}
