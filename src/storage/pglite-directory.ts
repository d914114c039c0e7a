import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite runs initdb inside its WebAssembly heap when it opens an empty directory, and that heap
 * (with the memory the C allocator keeps) stays resident for the life of the process: about
 * 780 MB, where opening an existing directory takes about 200 MB. So an empty directory is
 * initialised by a short-lived child process first.
 */
export async function initialisePgliteDirectory(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const fromSources = import.meta.url.endsWith('.ts');
  const script = new URL(fromSources ? './pglite-initdb.ts' : './pglite-initdb.js', import.meta.url);
  const child = fork(script, [dataDir], {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`could not initialise the PGlite directory ${dataDir}: ${stderr.trim()}`);
}
