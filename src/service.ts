import type { Config } from './config.js';
import { buildApp, type App } from './app.js';
import { seedInstallation } from './management/seed.js';
import { ensureSigningKey } from './oidc/signing-keys.js';
import { createLogger } from './operations/logger.js';
import { Metrics } from './operations/metrics.js';
import { startOpsServer, type OpsServer } from './operations/ops-server.js';
import { logStartupSummary } from './operations/startup-summary.js';
import { startTracing, type Tracing } from './operations/tracing.js';
import type { Clock } from './storage/clock.js';
import { openStorage, type Storage, type StorageOptions } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

export interface RunningService {
  app: App;
  storage: Storage;
  /** The address the server listens on, e.g. http://127.0.0.1:3001. */
  address: string;
  /** The operations listener's address (health, metrics); undefined when TESSERA_OPS_PORT=0. */
  opsAddress: string | undefined;
  /** The service's spans: off (no-op) unless an OTLP endpoint is configured. */
  tracing: Tracing;
  /**
   * Stops accepting, lets in-flight requests and webhook sends finish (up to
   * TESSERA_SHUTDOWN_GRACE_MS), records their attempts and closes the database.
   */
  stop(): Promise<void>;
}

/**
 * Opens, migrates and seeds the database. `adoptBaseUrl` (tessera migrate) moves the stored
 * management API indicator to this BASE_URL; otherwise a different one refuses the start. On
 * PostgreSQL migrations run on their own connections without timeouts: waiting for another
 * instance's migration lock, or building an index on a large table, may take longer than any
 * request should.
 */
export async function prepareStorage(
  config: Config,
  {
    adoptBaseUrl = false,
    tracing,
    embedded,
  }: { adoptBaseUrl?: boolean; tracing?: Tracing; embedded?: StorageOptions['embedded'] } = {},
): Promise<Storage> {
  const options = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    log: tracing?.statementLog,
    embedded,
  };
  const setup = await openStorage(options);
  try {
    await migrateToLatest(setup.db);
    await ensureSigningKey(setup.db);
    await seedInstallation(setup.db, config, { adoptBaseUrl });
  } catch (error) {
    await setup.close();
    throw error;
  }
  if (setup.backend === 'pglite') return setup;
  await setup.close();
  return openStorage({ ...options, timeouts: config.databaseTimeouts });
}

/** Opens storage, migrates, seeds and listens: one instance of the service (logs to stdout unless told). */
export async function startService(
  config: Config,
  options: {
    logDestination?: NodeJS.WritableStream;
    clock?: Clock;
    /** An embedded database opened on DATA_DIR by the caller, left open at stop (see openStorage). */
    embedded?: StorageOptions['embedded'];
  } = {},
): Promise<RunningService> {
  const log = createLogger(config, options.logDestination);
  const metrics = new Metrics();
  const tracing = await startTracing(config.tracing);
  const storage = await prepareStorage(config, { tracing, embedded: options.embedded }).catch(
    async (error: unknown) => {
      await tracing.shutdown();
      throw error;
    },
  );
  const app = await buildApp(config, storage, { log, metrics, clock: options.clock, tracing });
  let address: string;
  let ops: OpsServer | undefined;
  try {
    address = await app.listen({ port: config.port, host: config.host });
    if (config.opsPort !== 0) {
      ops = await startOpsServer({ host: config.host, port: config.opsPort, db: storage.db, metrics, log });
    }
  } catch (error) {
    await app.close();
    await storage.close();
    await tracing.shutdown();
    throw error;
  }
  await logStartupSummary(log, config, storage, { public: address, ops: ops?.address });
  let stopping: Promise<void> | undefined;
  return {
    app,
    storage,
    address,
    opsAddress: ops?.address,
    tracing,
    stop: () =>
      (stopping ??= (async () => {
        log.info('stopping: no new connections; waiting for requests and webhook sends in flight');
        ops?.draining();
        await closeWithinGrace(app, config.shutdownGraceMs);
        await ops?.close();
        await storage.close();
        // Sends the spans still buffered.
        await tracing.shutdown();
        log.info('stopped');
      })()),
  };
}

/** Closes the listener; connections still busy after the grace are cut so the stop completes. */
async function closeWithinGrace(app: App, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      app.log.warn({ graceMs }, 'shutdown grace over: closing the connections still open');
      app.server.closeAllConnections();
      resolve();
    }, graceMs);
  });
  const closed = app.close();
  // A keep-alive connection whose request finishes after the close began turns idle only then;
  // the server reaps idle connections once, at the start, so reap the later ones as they come.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  await Promise.race([closed, grace]);
  clearTimeout(timer);
  clearInterval(reaper);
  // The workers' own grace bounds what remains (running sends, recording attempts).
  await closed;
}
