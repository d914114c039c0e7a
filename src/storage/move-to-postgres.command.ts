import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, type Config } from '../config.js';
import { copyAllTables, hasMigrationTable, listTables, tablesInUse } from './copy.repository.js';
import { openStorage } from './database.js';
import { migrateToLatest } from './migrate.js';
import { StorageRefused } from './refusal.js';

/**
 * `tessera move-to-postgres DATABASE_URL`: copies the embedded database in DATA_DIR into an empty
 * PostgreSQL database. DATA_DIR is only read, so the installation can go back to it.
 */
export async function moveToPostgresCommand(config: Config, args: string[]): Promise<void> {
  const targetUrl = parseTarget(args);
  if (config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL is set: move-to-postgres copies the embedded database in DATA_DIR; run it with DATABASE_URL unset and the target as its argument',
    );
  }
  if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new StorageRefused(`DATA_DIR ${config.dataDir} holds no database: nothing to move`);
  }
  const target = await openStorage({ databaseUrl: targetUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    // Checked before migrating, so that nothing is written into a database in use.
    if (await hasMigrationTable(target.db)) {
      const used = await tablesInUse(target.db);
      if (used.length > 0) throw notEmpty(`rows in ${used.join(', ')}`);
    } else if ((await listTables(target.db)).length > 0) {
      throw notEmpty("tables that are not Tessera's");
    }
    await migrateToLatest(target.db);
    const source = await openStorage({ databaseUrl: undefined, dataDir: config.dataDir, poolSize: 1 });
    try {
      await migrateToLatest(source.db);
      const copies = await copyAllTables(source.db, target.db).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StorageRefused(
          `copying failed, nothing was copied (${reason}); the target holds the empty schema, and the command may run again`,
        );
      });
      for (const { table, rows } of copies) process.stdout.write(`${table}\t${rows}\n`);
      const total = copies.reduce((sum, copy) => sum + copy.rows, 0);
      console.warn(
        `tessera: copied ${total} rows in ${copies.length} tables; start the service with this DATABASE_URL and the same BASE_URL (DATA_DIR is unchanged)`,
      );
    } finally {
      await source.close();
    }
  } finally {
    await target.close();
  }
}

function notEmpty(what: string): StorageRefused {
  return new StorageRefused(
    `the target database is not empty (${what}); move-to-postgres copies into a new database, or one that was only migrated: create one (createdb) and run again`,
  );
}

function parseTarget(args: string[]): string {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args, allowPositionals: true, options: {} }));
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const url = positionals.length === 1 ? positionals[0]! : '';
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError('usage: tessera move-to-postgres postgres://USER@HOST:PORT/DATABASE');
  }
  return url;
}
