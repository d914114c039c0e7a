import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StorageRefused } from './refusal.js';

/** PGlite is one process's database: the process that opens a `DATA_DIR` writes its pid here. */
export const LOCK_FILE = 'tessera.pid';

export class DataDirInUse extends StorageRefused {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid} (a running Tessera?): ` +
        'PGlite allows one process per data directory; stop the service first',
    );
  }
}

/**
 * Takes the directory for this process, or throws `DataDirInUse` while another live process holds
 * it. A lock left by a process that died (kill -9, a crash) is taken over. Opening the directory
 * again in the same process is allowed; only the opener that wrote the file removes it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => releaseIfOurs(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder === process.pid) return () => {};
    if (holder !== undefined && isAlive(holder)) throw new DataDirInUse(dataDir, holder);
    rmSync(file, { force: true });
  }
}

/** The pid of a live process other than this one that holds `dataDir`, if any. */
export function dataDirHolder(dataDir: string): number | undefined {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder !== undefined && holder !== process.pid && isAlive(holder) ? holder : undefined;
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(file: string): void {
  if (readHolder(file) === process.pid) rmSync(file, { force: true });
}
