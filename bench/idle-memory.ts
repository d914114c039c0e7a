// Resident memory (RSS) of one idle instance of the compiled service (`npm run build` first):
// PGlite on an empty data directory (the first start runs initdb), PGlite restarted on that
// directory, and PostgreSQL. Linux only (reads /proc).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withAdmin } from '../test/support/databases.js';
import { freePort, serviceEnv } from '../test/support/service.js';
import { spawnTracked, stopTracked } from './processes.js';
import { recordGoal } from './summary.js';
import { header } from './support.js';

/** Seconds the service idles after discovery answers, so start-up garbage is collected or not. */
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** `port` fixes BASE_URL, which one database keeps across restarts. */
async function idleRss(port: number, databaseEnv: Record<string, string>): Promise<number> {
  const env = serviceEnv(port, { env: databaseEnv, drop: async () => {} }, { LOG_LEVEL: 'warn' });
  const child = spawnTracked(process.execPath, ['dist/cli.js', 'start'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('no discovery within 300 s');
      const response = await fetch(`${env.BASE_URL}/oidc/.well-known/openid-configuration`).catch(() => null);
      if (response?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    return residentMb(child.pid!);
  } finally {
    await stopTracked(child);
  }
}

header(`idle memory (RSS after discovery and ${idleSeconds} s idle)`);
const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'tessera-bench-memory-')), 'data');
const port = await freePort();
let pglite = 0;
try {
  console.log(`PGlite, first start (initdb)   ${(await idleRss(port, { DATA_DIR: dataDir })).toFixed(0)} MB`);
  pglite = await idleRss(port, { DATA_DIR: dataDir });
  console.log(`PGlite, restart                ${pglite.toFixed(0)} MB`);
} finally {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
}

const name = `tessera_bench_memory_${process.pid}`;
await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
try {
  const url = `postgres://127.0.0.1:5432/${name}`;
  const postgres = await idleRss(port, { DATABASE_URL: url });
  console.log(`PostgreSQL                     ${postgres.toFixed(0)} MB`);
  recordGoal({
    figure: 'idle resident memory, PGlite (restart on its directory)',
    reference: 'the same on PostgreSQL',
    unit: ' MB',
    rounds: [{ figure: { value: pglite }, reference: { value: postgres } }],
  });
} finally {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
