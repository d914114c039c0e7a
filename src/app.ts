import middie from '@fastify/middie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import type { Config } from './config.js';
import { experienceRoutes } from './experience/routes.js';
import { registerTokenExchange } from './impersonation/token-exchange.js';
import { installErrorHandler } from './http/error-handler.js';
import { refuseUnstorableInput } from './http/unstorable-text.js';
import { createManagementAuthenticator, type ManagementCaller } from './management/auth.js';
import { managementRoutes } from './management/routes.js';
import { oidcInputGuard } from './oidc/input-guard.js';
import { createProvider } from './oidc/provider.js';
import { SigningKeyRing } from './oidc/key-ring.js';
import { createLiveProvider } from './oidc/live-provider.js';
import type { SigningKey } from './oidc/signing-keys.js';
import type { Storage } from './storage/database.js';
import { startDeliveryWorkers } from './webhooks/worker.js';
import { webRoutes } from './web/web.routes.js';
import { consoleRoutes } from './console/console.routes.js';

export interface Services {
  config: Config;
  db: Storage['db'];
  backend: Storage['backend'];
  /** The published signing keys, re-read periodically; a change replaces `provider`. */
  keys: SigningKeyRing;
  /** The current oidc-provider: read it at each use, never keep it (key changes replace it). */
  readonly provider: Provider;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    caller: ManagementCaller | null;
  }
}

export type App = FastifyInstance;

/** The whole service as a Fastify instance, not yet listening; tests and the CLI both start it. */
export async function buildApp(config: Config, storage: Storage): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('preValidation', refuseUnstorableInput);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Tessera Management API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const keys = await SigningKeyRing.load(storage.db);
  const base = { config, db: storage.db, backend: storage.backend, keys };
  const build = (published: SigningKey[]) =>
    createProvider({
      config,
      db: storage.db,
      keys: published,
      extend: (p) => registerTokenExchange(p, base),
    });
  const provider = await createLiveProvider(keys, build);
  keys.startRefreshing();
  app.addHook('onClose', async () => keys.stop());
  const services: Services = {
    ...base,
    get provider() {
      return provider.current;
    },
  };
  app.decorate('services', services);
  app.decorateRequest('caller', null);

  await app.register(middie);
  app.use('/oidc', oidcInputGuard());
  app.use('/oidc', provider.handle);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/status', { schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
  typed.get('/api/swagger.json', { schema: { hide: true } }, async () => app.swagger());

  const authenticate = createManagementAuthenticator(config, keys);
  await app.register(managementRoutes, { prefix: '/api', authenticate });
  await app.register(experienceRoutes);
  await app.register(consoleRoutes);
  await app.register(webRoutes);

  const workers = startDeliveryWorkers(app.services);
  app.addHook('onClose', () => workers.stop());
  return app;
}
