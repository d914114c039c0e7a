// Token exchange on PostgreSQL: exchanges/s and latency at 32 connections, each request redeeming
// its own pre-issued subject token, beside client_credentials tokens/s (same service, same run)
// and raw ES256 signatures/s on one core. The service runs in its own process; on a 2-core
// machine it still shares both cores with PostgreSQL and this load generator.
//
//   node --import tsx bench/token-exchange.ts
//   BENCH_SUBJECT_TOKENS=40000 BENCH_DURATION=10 BENCH_ROUNDS=2 node --import tsx bench/token-exchange.ts
//   BENCH_SERVICE_NODE_OPTIONS="--perf-basic-prof" ...   (passed to the service process)
import { generateKeyPairSync, sign } from 'node:crypto';
import { loadavg } from 'node:os';
import { SignJWT, decodeJwt } from 'jose';
import pg from 'pg';
import { withDefaultUser } from '../src/storage/database.js';
import { cpuPerRequest, sampleCpu } from './cpu-time.js';
// Types only: the module itself is imported once the backend is chosen (see main).
import type { LoadResult } from './support.js';

const subjectTokenCount = Number(process.env.BENCH_SUBJECT_TOKENS ?? 40_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = 32;
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Signatures per second over about `ms` on this thread: `node:crypto` directly, then jose. */
async function rawSignatures(ms = 2000): Promise<{ nodeCrypto: number; jose: number }> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const claims = {
    jti: 'Qm9vdHN0cmFwcGluZyBhIEpXVCBpZCBvZiB0eXBpY2Fs',
    sub: 'u1234567890abcdefghij',
    iat: 1_800_000_000,
    exp: 1_800_000_900,
    scope: 'orders:read orders:write',
    client_id: 'a1234567890abcdefghij',
    iss: 'http://127.0.0.1:3001/oidc',
    aud: 'https://orders.bench.example.com',
  };
  const header = { alg: 'ES256', typ: 'at+jwt', kid: 'k1234567890abcde' };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = Buffer.from(`${encode(header)}.${encode(claims)}`);

  let count = 0;
  let start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 100; i++)
      sign('sha256', signingInput, { key: privateKey, dsaEncoding: 'ieee-p1363' });
    count += 100;
  }
  const nodeCrypto = Math.round((count * 1000) / (performance.now() - start));

  count = 0;
  start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 100; i++) await new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
    count += 100;
  }
  return { nodeCrypto, jose: Math.round((count * 1000) / (performance.now() - start)) };
}

/** Runs `total` calls of `task`, `parallel` at a time; returns calls per second. */
async function concurrently(total: number, parallel: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return Math.round((total * 1000) / (performance.now() - start));
}

async function main(): Promise<void> {
  // test/support/databases.js picks its backend when it loads: choose PostgreSQL before importing it.
  process.env.TESSERA_TEST_BACKEND ??= 'postgres';
  const { basicAuth, header, load, report, startBenchService } = await import('./support.js');
  header('Token exchange: exchanges/s beside client_credentials and raw ES256 (PostgreSQL)');
  console.log(`load average before: ${loadAverage()} (1, 5, 15 min; the machine is shared)`);

  const signatures = await rawSignatures();
  console.log(
    `raw ES256 signatures on one core: node:crypto sign ${signatures.nodeCrypto}/s, jose SignJWT ${signatures.jose}/s`,
  );

  const nodeOptions = process.env.BENCH_SERVICE_NODE_OPTIONS;
  const service = await startBenchService(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {});
  try {
    const databaseUrl = service.database.env.DATABASE_URL!;
    const databaseName = new URL(databaseUrl).pathname.slice(1);
    const indicator = 'https://orders.bench.example.com';
    const resource = await service.api<{ id: string }>('POST', '/resources', {
      name: 'Orders',
      indicator,
      accessTokenTtl: 900,
    });
    const scopeIds: string[] = [];
    for (const name of ['orders:read', 'orders:write']) {
      const scope = await service.api<{ id: string }>('POST', `/resources/${resource.id}/scopes`, { name });
      scopeIds.push(scope.id);
    }
    const role = await service.api<{ id: string }>('POST', '/roles', {
      name: 'Orders agent',
      description: 'reads and writes orders',
      scopeIds,
    });
    const user = await service.api<{ id: string }>('POST', '/users', { username: `bench_${Date.now()}` });
    await service.api('POST', `/users/${user.id}/roles`, { roleIds: [role.id] });
    const app = await service.api<{ id: string; secret: string }>('POST', '/applications', {
      name: 'Support console',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://console.example.com/callback'] },
      customClientMetadata: { allowTokenExchange: true },
    });

    // One request body per subject token, built up front so the load generator only sends them.
    const bodies = new Array<string>(subjectTokenCount);
    const issueRate = await concurrently(subjectTokenCount, 64, async (i) => {
      const { subjectToken } = await service.api<{ subjectToken: string }>('POST', '/subject-tokens', {
        userId: user.id,
        context: { ticketId: `T-${i}` },
      });
      bodies[i] = new URLSearchParams({
        grant_type: TOKEN_EXCHANGE,
        subject_token: subjectToken,
        subject_token_type: ACCESS_TOKEN_TYPE,
        resource: indicator,
        scope: 'orders:read orders:write',
      }).toString();
    });
    console.log(`subject tokens issued: ${subjectTokenCount} (${issueRate}/s, 64 concurrent requests)`);

    let used = 0;
    const nextBody = () => {
      const body = bodies[used++];
      if (!body) throw new Error(`all ${subjectTokenCount} subject tokens used: raise BENCH_SUBJECT_TOKENS`);
      return body;
    };
    const exchangeHeaders = {
      authorization: basicAuth(app.id, app.secret),
      'content-type': 'application/x-www-form-urlencoded',
    };
    const exchanges = (seconds: number) =>
      load({
        url: service.baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/oidc/token',
            headers: exchangeHeaders,
            setupRequest: (request) => ({ ...request, body: nextBody() }),
          },
        ],
      });
    const clientCredentials = (seconds: number) =>
      load({
        url: `${service.baseUrl}/oidc/token`,
        method: 'POST',
        connections,
        duration: seconds,
        headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          resource: `${service.baseUrl}/api`,
          scope: 'all',
        }).toString(),
      });

    // Warm both paths up (JIT, pooled connections, prepared statements) before measuring.
    await clientCredentials(2);
    await exchanges(2);
    console.log(`load average before measuring: ${loadAverage()}`);

    // Alternating rounds, so a neighbour's burst of work on the shared machine hits both alike.
    const results: LoadResult[] = [];
    for (let round = 1; round <= rounds; round++) {
      const consumedBefore = await consumedCount(databaseUrl);
      const cpu0 = sampleCpu(service.process.pid!, databaseName);
      const exchanged = await exchanges(duration);
      const cpu1 = sampleCpu(service.process.pid!, databaseName);
      const consumed = (await consumedCount(databaseUrl)) - consumedBefore;
      const credentials = await clientCredentials(duration);
      const cpu2 = sampleCpu(service.process.pid!, databaseName);
      results.push(exchanged, credentials);

      console.log(`round ${round} of ${rounds} (load average ${loadAverage()}):`);
      report('  token exchanges (a new subject token each)', exchanged, connections);
      report('  client_credentials tokens', credentials, connections);
      console.log(
        `  exchanges / client_credentials: ${(exchanged.requestsPerSecond / credentials.requestsPerSecond).toFixed(2)}` +
          `; subject tokens consumed: ${consumed}`,
      );
      console.log(`  CPU per exchange:           ${cpuPerRequest(cpu0, cpu1, consumed)}`);
      console.log(
        `  CPU per client_credentials: ${cpuPerRequest(cpu1, cpu2, credentials.requestsPerSecond * duration)}`,
      );
    }

    const sample = await exchangeOnce(`${service.baseUrl}/oidc/token`, exchangeHeaders, nextBody());
    const claims = decodeJwt(sample.access_token);
    console.log(
      `a sample token's claims: ${Object.keys(claims).sort().join(', ')} (scope "${claims.scope}")`,
    );

    const clean = results.every((result) => result.errors === 0 && result.non2xx === 0);
    console.log(clean ? 'every response was 2xx' : 'SOME REQUESTS FAILED: the rates above include them');
    if (!clean) process.exitCode = 1;
  } finally {
    await service.stop();
  }
  console.log(`load average after: ${loadAverage()}`);
}

async function consumedCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) FROM subject_tokens WHERE consumed_at IS NOT NULL',
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

async function exchangeOnce(url: string, headers: Record<string, string>, body: string) {
  const response = await fetch(url, { method: 'POST', headers, body });
  const json = (await response.json()) as { access_token: string };
  if (response.status !== 200) throw new Error(`exchange: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

await main();
