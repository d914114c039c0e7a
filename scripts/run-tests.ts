// Runs the test suite in tiers: each file on the storage backends it names (see test-tiers.ts),
// from sources transpiled once (see compile-tests.ts), in long-lived workers (see test-worker.ts).
// Select backends with TESSERA_TEST_BACKENDS=pglite,postgres; files passed as arguments run on every
// selected backend; TESSERA_TEST_CONCURRENCY=N sets the workers per backend.
import { fork } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { openStorage } from '../src/storage/database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { ensureSigningKey } from '../src/oidc/signing-keys.js';
import { postgresAdminUrl, scratchDir, withAdmin } from '../test/support/databases.js';
import { compileTests } from './compile-tests.js';
import { backendsOf, type Backend } from './test-tiers.js';
import type { WorkerReport } from './test-worker.js';

// Per run, so that runs started side by side never share a template.
const pgliteTemplateDir = path.join(scratchDir, `tessera-pglite-template-${process.pid}`);
const postgresTemplateName = `tessera_test_template_${process.pid}`;
const buildDir = path.resolve(`.tessera-test/build-${process.pid}`);

const isCi = process.env.CI === 'true';
// Each worker runs one file at a time; the files wait on browsers, processes and receivers much of
// the time, so more workers than cores keep both cores busy.
const defaultWorkers: Record<Backend, number> = { pglite: 4, postgres: 2 };
// Browser, multi-process and long-waiting files first, so that no long file starts last.
const slowFolders = ['operations', 'web', 'hosted', 'compat', 'webhooks'];
const requested = (process.env.TESSERA_TEST_BACKENDS ?? 'pglite,postgres').split(',') as Backend[];
const chosen = process.argv.slice(2);
const files = chosen.length ? chosen : await findTests('test');
const tiers = new Map(await Promise.all(files.map(async (file) => [file, await backendsOf(file)] as const)));
const totals = { passed: 0, failed: 0, skipped: 0 };
// A file that outlives its own timeout (see test-worker.ts), or a worker that stays alive after its
// last file (a service or pool left open), would hold the run for ever: both are killed, counted
// as a failure, and the queue goes on in a fresh worker.
const fileTimeoutMs = Number(process.env.TESSERA_TEST_FILE_TIMEOUT_MS ?? 600_000);
const hungFileMs = fileTimeoutMs + Math.min(60_000, fileTimeoutMs);
const exitGraceMs = 30_000;

await compileTests(buildDir);
// The backends run side by side: the PostgreSQL tier is short, and its files (outages, several
// instances, crash recovery) mostly wait, so it fits in the time the PGlite tier leaves free.
const runs = await Promise.all(requested.map(runBackend));
const failedRuns = runs.filter((code) => code !== 0).length;

await rm(buildDir, { recursive: true, force: true });
console.log(`\nall backends: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);

async function runBackend(backend: Backend): Promise<number> {
  const backendFiles = chosen.length ? files : files.filter((file) => tiers.get(file)!.includes(backend));
  if (backendFiles.length === 0) return 0;
  if (backend === 'postgres' && !(await postgresReachable())) {
    if (isCi) {
      console.error(
        `PostgreSQL at ${postgresAdminUrl} is unreachable, and CI=true: failing instead of skipping.`,
      );
      process.exit(1);
    }
    console.warn(`PostgreSQL at ${postgresAdminUrl} is unreachable: skipping that backend (CI would fail).`);
    return 0;
  }
  console.log(`\n=== tests on ${backend} (${backendFiles.length} files) ===`);
  const startedAt = performance.now();
  await prepareTemplate(backend);
  const code = await runInWorkers(backend, backendFiles.map(compiled));
  await dropTemplate(backend);
  console.log(`=== ${backend}: ${((performance.now() - startedAt) / 1000).toFixed(0)} s ===`);
  return code;
}

async function findTests(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function compiled(file: string): string {
  return path.join(buildDir, path.relative('.', path.resolve(file)).replace(/\.ts$/, '.js'));
}

async function postgresReachable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

/** One migrated database per backend that each test file copies, so no test pays for initdb. */
async function prepareTemplate(backend: Backend): Promise<void> {
  if (backend === 'pglite') {
    await rm(pgliteTemplateDir, { recursive: true, force: true });
    const storage = await openStorage({ databaseUrl: undefined, dataDir: pgliteTemplateDir, poolSize: 1 });
    await migrateToLatest(storage.db);
    await ensureSigningKey(storage.db);
    await storage.close();
    return;
  }
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${postgresTemplateName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${postgresTemplateName}`);
  });
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${postgresTemplateName}`;
  const storage = await openStorage({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
  await migrateToLatest(storage.db);
  await ensureSigningKey(storage.db);
  await storage.close();
}

async function dropTemplate(backend: Backend): Promise<void> {
  if (backend === 'pglite') await rm(pgliteTemplateDir, { recursive: true, force: true });
  else
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${postgresTemplateName} WITH (FORCE)`));
}

/** Runs `testFiles` in long-lived worker processes (see test-worker.ts), heaviest files first. */
async function runInWorkers(backend: Backend, testFiles: string[]): Promise<number> {
  const workers = Math.max(1, Number(process.env.TESSERA_TEST_CONCURRENCY ?? defaultWorkers[backend]));
  const queue = await heaviestFirst(testFiles);
  const startedAt = new Map<string, number>();
  const durations: [string, number][] = [];
  const cpu: [string, number][] = [];
  const codes = await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, () =>
      runWorker(backend, queue, startedAt, durations, cpu),
    ),
  );
  printHeaviest(`slowest files on ${backend}`, durations, 8);
  const cpuTotal = cpu.reduce((sum, [, ms]) => sum + ms, 0);
  printHeaviest(
    `files using the most CPU on ${backend} (${(cpuTotal / 1000).toFixed(0)} CPU-s in all)`,
    cpu,
    12,
  );
  return codes.some((code) => code !== 0) ? 1 : 0;
}

function runWorker(
  backend: Backend,
  queue: string[],
  startedAt: Map<string, number>,
  durations: [string, number][],
  cpu: [string, number][],
): Promise<number> {
  const child = fork(path.join(buildDir, 'scripts', 'test-worker.js'), [], {
    execArgv: ['--test-reporter=spec', '--enable-source-maps'],
    env: {
      ...process.env,
      TESSERA_TEST_BACKEND: backend,
      TESSERA_TEST_PGLITE_TEMPLATE: pgliteTemplateDir,
      TESSERA_TEST_POSTGRES_TEMPLATE: postgresTemplateName,
      TESSERA_TEST_FILE_TIMEOUT_MS: String(fileTimeoutMs),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    // Its own process group, so that killing a hung worker also stops the services it spawned.
    detached: true,
  });
  let current: string | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let hung: string | undefined;
  const killHung = (reason: string) => {
    hung = reason;
    console.error(`\n${backend}: ${reason}; killing the worker`);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  let cpuAtStart = 0;
  child.on('message', (report: WorkerReport) => {
    clearTimeout(watchdog);
    if (current) {
      durations.push([current, performance.now() - startedAt.get(current)!]);
      cpu.push([current, report.cpuMs - cpuAtStart]);
    }
    cpuAtStart = report.cpuMs;
    current = queue.shift();
    if (current) {
      startedAt.set(current, performance.now());
      const file = path.relative(buildDir, current);
      watchdog = setTimeout(() => killHung(`${file} still running after ${hungFileMs / 1000} s`), hungFileMs);
    } else {
      watchdog = setTimeout(
        () =>
          killHung(
            `a worker did not exit within ${exitGraceMs / 1000} s of its last file (handles left open)`,
          ),
        exitGraceMs,
      );
    }
    child.send({ next: current ?? null });
  });
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    if (lines.length) process.stdout.write(lines.join('\n') + '\n');
    for (const line of lines) countSummary(line);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(watchdog);
      if (pending) countSummary(pending);
      if (!hung) {
        if (current) console.error(`worker stopped while running ${current}`);
        resolve(code ?? 1);
        return;
      }
      totals.failed += 1;
      const rest = queue.length ? runWorker(backend, queue, startedAt, durations, cpu) : Promise.resolve(0);
      void rest.then(() => resolve(1));
    });
  });
}

function printHeaviest(title: string, measures: [string, number][], count: number): void {
  console.log(`\n${title}:`);
  for (const [file, ms] of [...measures].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(buildDir, file)}`);
}

function countSummary(line: string): void {
  const match = /^ℹ (pass|fail|cancelled|skipped) (\d+)$/.exec(line.trim());
  if (!match) return;
  const count = Number(match[2]);
  if (match[1] === 'pass') totals.passed += count;
  else if (match[1] === 'skipped') totals.skipped += count;
  else totals.failed += count;
}

async function heaviestFirst(testFiles: string[]): Promise<string[]> {
  const weighed = await Promise.all(
    testFiles.map(async (file) => {
      const folder = path.relative(path.join(buildDir, 'test'), file).split(path.sep)[0]!;
      const slow = slowFolders.includes(folder) ? 1 : 0;
      return { file, slow, size: (await stat(file)).size };
    }),
  );
  return weighed.sort((a, b) => b.slow - a.slow || b.size - a.size).map((entry) => entry.file);
}
