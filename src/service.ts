import type { Config } from './config.js';
import { buildApp, type App } from './app.js';
import { seedInstallation } from './management/seed.js';
import { ensureSigningKey } from './oidc/signing-keys.js';
import { openStorage, type Storage } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

export interface RunningService {
  app: App;
  storage: Storage;
  /** The address the server listens on, e.g. http://127.0.0.1:3001. */
  address: string;
  stop(): Promise<void>;
}

/**
 * Migrates and seeds, then returns the storage the service runs on. On PostgreSQL migrations run on
 * their own connections without timeouts: waiting for another instance's migration lock, or
 * building an index on a large table, may take longer than any request should.
 */
export async function prepareStorage(config: Config): Promise<Storage> {
  const options = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  };
  const setup = await openStorage(options);
  try {
    await migrateToLatest(setup.db);
    await ensureSigningKey(setup.db);
    await seedInstallation(setup.db, config);
  } catch (error) {
    await setup.close();
    throw error;
  }
  if (setup.backend === 'pglite') return setup;
  await setup.close();
  return openStorage({ ...options, timeouts: config.databaseTimeouts });
}

/** Opens storage, migrates, seeds and listens: one instance of the service. */
export async function startService(config: Config): Promise<RunningService> {
  const storage = await prepareStorage(config);
  const app = await buildApp(config, storage);
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await storage.close();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    app,
    storage,
    address,
    stop: () =>
      (stopping ??= (async () => {
        await app.close();
        await storage.close();
      })()),
  };
}
