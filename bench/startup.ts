// Time from `tessera start` to a served discovery document on a fresh, empty database (the first
// start initialises PGlite's data directory) and on a restart, for both storage backends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withAdmin } from '../test/support/databases.js';
import { spawnService } from '../test/support/process.js';
import { freePort, serviceEnv } from '../test/support/service.js';
import { header } from './support.js';

header('Startup: `tessera start` until discovery answers');

async function timeStart(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const service = await spawnService(env, 120_000);
  const elapsed = performance.now() - started;
  await service.stop();
  return elapsed;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-start-'));
try {
  const env = serviceEnv(await freePort(), { env: { DATA_DIR: dataDir }, drop: async () => {} });
  console.log(`PGlite, empty data directory  ${((await timeStart(env)) / 1000).toFixed(1)} s`);
  console.log(`PGlite, restart               ${((await timeStart(env)) / 1000).toFixed(1)} s`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const name = `tessera_bench_start_${process.pid}`;
await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
try {
  const env = serviceEnv(await freePort(), {
    env: { DATABASE_URL: `postgres://127.0.0.1:5432/${name}` },
    drop: async () => {},
  });
  console.log(`PostgreSQL, empty database    ${((await timeStart(env)) / 1000).toFixed(1)} s`);
  console.log(`PostgreSQL, restart           ${((await timeStart(env)) / 1000).toFixed(1)} s`);
} finally {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
