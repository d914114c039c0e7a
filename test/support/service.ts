import { createServer } from 'node:net';
import { after } from 'node:test';
import type { InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { Clock } from '../../src/storage/clock.js';
import { startService, type RunningService } from '../../src/service.js';
import { backend, createTestDatabase, type TestDatabase } from './databases.js';
import { acquireWarmPglite, releaseWarmPglite } from './warm-pglite.js';
import { clientCredentials } from './http.js';

export const BOOTSTRAP_CLIENT = { id: 'test-bootstrap', secret: 'test-bootstrap-secret-0123456789' };

export interface TestService {
  /** Where this instance listens; with a shared BASE_URL (a second instance) not the issuer's host. */
  baseUrl: string;
  config: Config;
  service: RunningService;
  database: TestDatabase;
  /** A management API access token from the bootstrap client (cached until it nears expiry). */
  managementToken(): Promise<string>;
  /** A JSON call to the management API with the bootstrap token. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  stop(): Promise<void>;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Share a database with another instance (two instances on one PostgreSQL). */
  database?: TestDatabase;
  /** Skip the automatic stop after the test file; the caller stops it. */
  manualStop?: boolean;
  /** Where the service's log lines go (stdout by default). */
  logDestination?: NodeJS.WritableStream;
  /** `localhost` for browser tests of WebAuthn, whose relying party cannot be an IP address. */
  hostname?: 'localhost';
  /** The service's clock (a `ManualClock` a test advances); the system clock by default. */
  clock?: Clock;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Environment for a service on `port` using `database`; also used to spawn service processes. */
export function serviceEnv(port: number, database: TestDatabase, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.TESSERA_TEST_LOG_LEVEL ?? 'silent',
    TESSERA_BOOTSTRAP_CLIENT_ID: BOOTSTRAP_CLIENT.id,
    TESSERA_BOOTSTRAP_CLIENT_SECRET: BOOTSTRAP_CLIENT.secret,
    TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // Parallel test services would all want the default 9000; tests of the listener pick a free port.
    TESSERA_OPS_PORT: '0',
    // The test hosts run several services, browsers and PostgreSQL on two cores, where a new
    // connection can take longer than the 2 s default and a commit wait out a checkpoint's fsync
    // past the 2.5 s statement limit: either would fail a test that is not about outages.
    TESSERA_DATABASE_CONNECT_TIMEOUT_MS: '10000',
    TESSERA_DATABASE_QUERY_TIMEOUT_MS: '15000',
    TESSERA_DATABASE_STATEMENT_TIMEOUT_MS: '12000',
    ...database.env,
    ...extra,
  };
}

/** The real service listening on a loopback port, on its own fresh database unless one is given. */
export async function startTestService(options: StartOptions = {}): Promise<TestService> {
  const ownDatabase = !options.database;
  const ownStorage = options.env?.DATA_DIR !== undefined || options.env?.DATABASE_URL !== undefined;
  const warm = ownDatabase && !ownStorage && backend === 'pglite' ? await acquireWarmPglite() : undefined;
  const database: TestDatabase = warm
    ? { env: { DATA_DIR: warm.dataDir }, drop: () => releaseWarmPglite(warm) }
    : (options.database ?? (await createTestDatabase()));
  const port = await freePort();
  const host: Record<string, string> = options.hostname
    ? { BASE_URL: `http://${options.hostname}:${port}` }
    : {};
  const config = loadConfig(serviceEnv(port, database, { ...host, ...options.env }));
  const service = await startService(config, {
    logDestination: options.logDestination,
    clock: options.clock,
    embedded: warm?.pglite,
  }).catch(async (error: unknown) => {
    if (warm) await releaseWarmPglite(warm);
    throw error;
  });
  const baseUrl = service.address;

  let token: { value: string; expiresAt: number } | undefined;
  const managementToken = async () => {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const response = await clientCredentials(baseUrl, BOOTSTRAP_CLIENT, {
      resource: config.managementApiIndicator,
      scope: 'all',
    });
    const body = (await response.json()) as { access_token: string; expires_in: number };
    if (!response.ok) throw new Error(`management token: ${response.status} ${JSON.stringify(body)}`);
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  };

  // Management calls need no socket: they go through Fastify's inject, which runs the same hooks,
  // validation and handlers without the HTTP client and parser on both ends.
  const api = async <T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { authorization: `Bearer ${await managementToken()}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await service.app.inject({
      method: method as InjectOptions['method'],
      url: `/api${path}`,
      headers,
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      headers: asHeaders(response.headers),
      body: (response.body ? JSON.parse(response.body) : undefined) as T,
    };
  };

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await service.stop();
      if (ownDatabase) await database.drop();
    })());
  if (!options.manualStop) after(stop);

  return { baseUrl, config, service, database, managementToken, api, stop };
}

/**
 * Two instances on one database behind one load balancer: they share BASE_URL (one issuer, one
 * management API indicator); requests to the second go to `secondUrl`, where it listens.
 * PostgreSQL only: PGlite is one in-process database.
 */
export async function startTwoInstances() {
  const first = await startTestService({ manualStop: true });
  const second = await startTestService({
    database: first.database,
    env: { BASE_URL: first.baseUrl },
    manualStop: true,
  });
  // The second instance goes first: stopping the first drops the shared database.
  after(async () => {
    await second.stop();
    await first.stop();
  });
  return { first, second, secondUrl: second.service.address };
}

function asHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}
