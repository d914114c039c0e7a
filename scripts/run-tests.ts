// Runs the test suite in tiers: each file on the storage backends it names (see test-tiers.ts),
// from sources transpiled once (see compile-tests.ts). Select backends with
// TESSERA_TEST_BACKENDS=pglite,postgres; files passed as arguments run on every selected backend.
import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { openStorage } from '../src/storage/database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { ensureSigningKey } from '../src/oidc/signing-keys.js';
import { postgresAdminUrl, withAdmin } from '../test/support/databases.js';
import { compileTests } from './compile-tests.js';
import { backendsOf, type Backend } from './test-tiers.js';

// Per run, so that runs started side by side never share a template.
const pgliteTemplateDir = path.resolve(`.tessera-test/pglite-template-${process.pid}`);
const postgresTemplateName = `tessera_test_template_${process.pid}`;
const buildDir = path.resolve(`.tessera-test/build-${process.pid}`);

const isCi = process.env.CI === 'true';
const requested = (process.env.TESSERA_TEST_BACKENDS ?? 'pglite,postgres').split(',') as Backend[];
const chosen = process.argv.slice(2);
const files = chosen.length ? chosen : await findTests('test');
const tiers = new Map(await Promise.all(files.map(async (file) => [file, await backendsOf(file)] as const)));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRuns = 0;

await compileTests(buildDir);
for (const backend of requested) {
  const backendFiles = chosen.length ? files : files.filter((file) => tiers.get(file)!.includes(backend));
  if (backendFiles.length === 0) continue;
  if (backend === 'postgres' && !(await postgresReachable())) {
    if (isCi) {
      console.error(
        `PostgreSQL at ${postgresAdminUrl} is unreachable, and CI=true: failing instead of skipping.`,
      );
      process.exit(1);
    }
    console.warn(`PostgreSQL at ${postgresAdminUrl} is unreachable: skipping that backend (CI would fail).`);
    continue;
  }
  console.log(`\n=== tests on ${backend} (${backendFiles.length} files) ===`);
  await prepareTemplate(backend);
  const code = await runNodeTests(backend, backendFiles.map(compiled));
  await dropTemplate(backend);
  if (code !== 0) failedRuns++;
}

await rm(buildDir, { recursive: true, force: true });
console.log(`\nall backends: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);

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

function runNodeTests(backend: Backend, testFiles: string[]): Promise<number> {
  const concurrency = process.env.TESSERA_TEST_CONCURRENCY ?? '2';
  const args = [
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=180000',
    '--test-reporter=spec',
    ...testFiles,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        TESSERA_TEST_BACKEND: backend,
        TESSERA_TEST_PGLITE_TEMPLATE: pgliteTemplateDir,
        TESSERA_TEST_POSTGRES_TEMPLATE: postgresTemplateName,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      for (const line of chunk.toString().split('\n')) {
        const match = /^ℹ (pass|fail|skipped) (\d+)$/.exec(line.trim());
        if (!match) continue;
        const count = Number(match[2]);
        if (match[1] === 'pass') totals.passed += count;
        else if (match[1] === 'fail') totals.failed += count;
        else totals.skipped += count;
      }
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
