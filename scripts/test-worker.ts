// One long-lived test process: it asks run-tests.ts for the next file, runs that file's tests as
// one suite, and asks again. The modules under test, their dependencies and PGlite's compiled
// WebAssembly are loaded once per worker instead of once per file.
import { readFileSync } from 'node:fs';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { closeWarmPglites } from '../test/support/warm-pglite.js';

export type WorkerMessage = { next: string | null };
/** What the worker reports when it asks for a file: the CPU it and its ended children have used. */
export type WorkerReport = { cpuMs: number };

const perFileTimeoutMs = Number(process.env.TESSERA_TEST_FILE_TIMEOUT_MS ?? 600_000);

for (let file = await nextFile(); file; file = await nextFile()) {
  const url = pathToFileURL(file).href;
  // A file's top-level tests and hooks (`after(stop)`) register under the suite that imports it,
  // so each file's services stop when its own tests end.
  await describe(fileLabel(file), { timeout: perFileTimeoutMs }, async () => {
    await import(url);
  });
}
await closeWarmPglites();
process.disconnect?.();
// The worker should now exit; if it does not, name what holds it before run-tests.ts kills it.
setTimeout(() => {
  console.error(
    `a test worker is still alive after its last file, held by: ${process.getActiveResourcesInfo().join(', ')}`,
  );
}, 20_000).unref();

function nextFile(): Promise<string | null> {
  return new Promise((resolve) => {
    process.once('message', (message: WorkerMessage) => resolve(message.next));
    process.send!({ cpuMs: cpuMs() } satisfies WorkerReport);
  });
}

function fileLabel(file: string): string {
  const at = file.lastIndexOf('/test/');
  return at === -1 ? file : file.slice(at + 1).replace(/\.js$/, '.ts');
}

/**
 * This process's CPU time plus that of its children that have ended (browsers, spawned services),
 * from /proc: a file's cost on a shared host, which its wall time under load does not show.
 */
function cpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14-17 of stat(5), here counted from field 3.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return (ticks * 1000) / 100;
  } catch {
    return 0;
  }
}
