import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Storage } from '../storage/database.js';
import { setupClosed } from '../console/console.repository.js';

/** Where the data lives, without credentials: a PostgreSQL host and database, or PGlite's directory. */
export function describeStorage(config: Config, backend: Storage['backend']): string {
  if (backend === 'pglite') return `PGlite in ${path.resolve(config.dataDir)}`;
  const url = new URL(config.databaseUrl!);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/** One line an operator reads at start: where the service answers, what it stores where, what next. */
export async function logStartupSummary(
  log: Logger,
  config: Config,
  storage: Storage,
  addresses: { public: string; ops: string | undefined },
): Promise<void> {
  log.info(
    {
      issuer: config.issuer,
      publicAddress: addresses.public,
      opsAddress: addresses.ops ?? 'disabled',
      storage: describeStorage(config, storage.backend),
      // The collector's origin only: a path or user info could hold a credential.
      tracing: config.tracing.endpoint ? `OTLP to ${new URL(config.tracing.endpoint).origin}` : 'off',
    },
    `Tessera is serving ${config.baseUrl} (issuer ${config.issuer})`,
  );
  if (!(await setupClosed(storage.db))) {
    log.info(`First-run setup is open: create the first administrator at ${config.baseUrl}/console`);
  }
}
