// Shared by the benchmark scripts: a service in its own process on a fresh PostgreSQL database,
// a load generator in this one, and figures printed with the machine's core count.
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { createTestDatabase, type TestDatabase } from '../test/support/databases.js';
import { BOOTSTRAP_CLIENT, freePort, serviceEnv } from '../test/support/service.js';
import { spawnTracked, stopTracked } from './processes.js';
import { loadAverage } from './summary.js';

/** Seconds each measured run lasts (TESSERA_BENCH_SECONDS; short while developing). */
export const benchSeconds = Number(process.env.TESSERA_BENCH_SECONDS ?? 10);
/** Alternating rounds of each figure and its reference (TESSERA_BENCH_ROUNDS). */
export const benchRounds = Number(process.env.TESSERA_BENCH_ROUNDS ?? 3);
/**
 * Unmeasured seconds of the same requests right before every measured run (TESSERA_BENCH_WARMUP),
 * so that no run pays for the switch from the other side's code path (JIT, pools, statements).
 */
export const warmUpSeconds = Number(process.env.TESSERA_BENCH_WARMUP ?? 1);
export { loadAverage };

export interface BenchService {
  baseUrl: string;
  database: TestDatabase;
  process: ChildProcess;
  managementToken(): Promise<string>;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export function header(title: string): void {
  console.log(`\n## ${title}`);
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}`);
  console.log(`load average: ${loadAverage()} (1, 5, 15 min; the machine is shared)`);
}

/** `options.database`: run on a database the caller created (and drops); else on a fresh one. */
export async function startBenchService(
  env: Record<string, string> = {},
  options: { database?: TestDatabase } = {},
): Promise<BenchService> {
  process.env.TESSERA_TEST_BACKEND ??= 'postgres';
  const database = options.database ?? (await createTestDatabase());
  const port = await freePort();
  // e.g. TESSERA_BENCH_SERVICE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.TESSERA_BENCH_SERVICE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawnTracked(process.execPath, [...nodeArgs, 'bin/tessera.js', 'start'], {
    env: { ...process.env, ...serviceEnv(port, database, { TESSERA_DATABASE_POOL_SIZE: '20', ...env }) },
    // TESSERA_BENCH_SERVICE_STDOUT=inherit shows what node flags print there (e.g. --trace-gc).
    stdio: [
      'ignore',
      process.env.TESSERA_BENCH_SERVICE_STDOUT === 'inherit' ? 'inherit' : 'ignore',
      'inherit',
    ],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} while starting`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitFor(`${baseUrl}/oidc/.well-known/openid-configuration`, 60_000), exited]);

  let token: string | undefined;
  const managementToken = async () => {
    token ??= await clientCredentialsToken(baseUrl, `${baseUrl}/api`);
    return token;
  };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await managementToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const stop = async () => {
    await stopTracked(child);
    if (!options.database) await database.drop();
  };
  return { baseUrl, database, process: child, managementToken, api, stop };
}

export async function clientCredentialsToken(baseUrl: string, resource: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope: 'all' }),
  });
  const body = (await response.json()) as { access_token: string };
  if (!response.ok) throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export function basicAuth(id = BOOTSTRAP_CLIENT.id, secret = BOOTSTRAP_CLIENT.secret): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`service did not come up at ${url}`);
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered with a 2xx. */
  succeeded: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** `control.stop` ends the run early (e.g. from a `setupRequest` that has nothing left to send). */
export async function load(
  options: autocannon.Options,
  control: { stop?: () => void } = {},
): Promise<LoadResult> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ duration: benchSeconds, connections: 32, ...options }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
    control.stop = () => instance.stop();
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    succeeded: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function report(name: string, result: LoadResult, connections = 32): void {
  console.log(
    `${name.padEnd(44)} ${String(result.requestsPerSecond).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ` +
      `(${connections} connections; errors ${result.errors}, non-2xx ${result.non2xx})`,
  );
}
