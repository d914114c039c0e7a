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
import { loadSigningKeys } from './oidc/signing-keys.js';
import type { Storage } from './storage/database.js';
import { startDeliveryWorkers } from './webhooks/worker.js';

export interface Services {
  config: Config;
  db: Storage['db'];
  backend: Storage['backend'];
  provider: Provider;
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

  const provider = await createProvider({
    config,
    db: storage.db,
    extend: (p) => registerTokenExchange(p, { config, db: storage.db, backend: storage.backend }),
  });
  const keys = await loadSigningKeys(storage.db);
  app.decorate('services', { config, db: storage.db, backend: storage.backend, provider });
  app.decorateRequest('caller', null);

  await app.register(middie);
  app.use('/oidc', oidcInputGuard());
  app.use('/oidc', provider.callback());

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/status', { schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
  typed.get('/api/swagger.json', { schema: { hide: true } }, async () => app.swagger());

  const authenticate = createManagementAuthenticator(
    config,
    keys.map((key) => key.publicJwk),
  );
  await app.register(managementRoutes, { prefix: '/api', authenticate });
  await app.register(experienceRoutes);

  const workers = startDeliveryWorkers(app.services);
  app.addHook('onClose', () => workers.stop());
  return app;
}
