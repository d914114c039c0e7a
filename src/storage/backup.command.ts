import { parseArgs } from 'node:util';
import { ConfigError, type Config } from '../config.js';
import { backupDataDir, restoreDataDir } from './pglite-backup.js';

/** `tessera backup FILE`: a consistent copy of the embedded database, taken while the service is stopped. */
export async function backupCommand(config: Config, args: string[]): Promise<void> {
  const { file } = parseCommand(args, 'backup FILE');
  refusePostgres(config, 'back it up with pg_dump');
  const bytes = await backupDataDir(config.dataDir, file);
  console.warn(`tessera: backed up ${config.dataDir} to ${file} (${bytes} bytes); it holds secrets`);
}

/** `tessera restore [--force] FILE`: unpacks a backup into DATA_DIR. */
export async function restoreCommand(config: Config, args: string[]): Promise<void> {
  const { file, force } = parseCommand(args, 'restore [--force] FILE');
  refusePostgres(config, 'restore a pg_dump backup with pg_restore');
  await restoreDataDir(config.dataDir, file, force);
  console.warn(`tessera: restored ${file} into ${config.dataDir}; start the service with the same BASE_URL`);
}

function refusePostgres(config: Config, instead: string): void {
  if (config.databaseUrl) {
    throw new ConfigError(
      `DATABASE_URL is set: this command works on the embedded database in DATA_DIR; on PostgreSQL, ${instead}`,
    );
  }
}

function parseCommand(args: string[], shape: string): { file: string; force: boolean } {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { force: { type: 'boolean', default: false } },
    });
    if (positionals.length !== 1) throw new Error(`usage: tessera ${shape}`);
    if (values.force && shape.startsWith('backup')) throw new Error('--force applies to restore only');
    return { file: positionals[0]!, force: values.force };
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}
