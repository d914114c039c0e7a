import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';
import { StorageRefused } from './refusal.js';

/**
 * Writes a gzipped tarball of the PGlite data directory. The directory is opened by this process
 * alone (the lock refuses while the service runs), so PostgreSQL's own shutdown checkpoint makes
 * the copy consistent. The file appears only once complete.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new StorageRefused(`DATA_DIR ${dataDir} holds no database: nothing to back up`);
  }
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(dataDir);
    let dump: Blob;
    try {
      dump = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
    return bytes.length;
  } finally {
    unlock();
  }
}

/** Unpacks a backup into `dataDir`, which must be empty unless `replace` (its contents are removed). */
export async function restoreDataDir(dataDir: string, file: string, replace: boolean): Promise<void> {
  const dump = await readFile(file);
  await mkdir(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    if (present.length > 0) {
      if (!replace) {
        throw new StorageRefused(
          `DATA_DIR ${dataDir} is not empty; restore into an empty directory, or pass --force to replace its contents`,
        );
      }
      for (const name of present) await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([dump]) });
    // A file that is not a PGlite backup fails above or here, rather than at the next start.
    await pglite.query('SELECT 1');
    await pglite.close();
  } finally {
    unlock();
  }
}
