// Webhooks on PostgreSQL: deliveries/s to a local receiver (10 hooks), commit-to-receipt latency,
// and what 10 subscribed hooks add to a management write. The receiver runs in its own process
// (this file, forked with `receiver`); on a 2-core machine the service, PostgreSQL, the receiver
// and this load generator still share both cores.
import { fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchService } from './support.js';

const hooks = 10;
const burstWrites = 1000;
const rounds = 3;
const writeRuns = [
  { concurrency: 1, seconds: 5 },
  { concurrency: 16, seconds: 3 },
];
const events = ['Role.Created', 'User.Data.Updated'];
const now = () => performance.timeOrigin + performance.now();

interface Received {
  /** CPU microseconds the receiver process has used so far. */
  cpu: number;
  count: number;
  unique: number;
  first: number;
  last: number;
  latencies: number[];
}

/** Answers 200 at once, then notes the receipt time against the payload's `createdAt`. */
function runReceiver(): void {
  let state = { count: 0, ids: new Set<string>(), first: 0, last: 0, latencies: [] as number[] };
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = now();
      res.writeHead(200).end();
      const { createdAt } = JSON.parse(Buffer.concat(chunks).toString()) as { createdAt: string };
      state.latencies.push(at - Date.parse(createdAt));
      state.ids.add(String(req.headers['webhook-id']));
      state.count++;
      state.first ||= at;
      state.last = at;
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('message', (message: string) => {
    if (message === 'reset') state = { count: 0, ids: new Set(), first: 0, last: 0, latencies: [] };
    const { count, ids, first, last, latencies } = state;
    const { user, system } = process.cpuUsage();
    const cpu = user + system;
    process.send!({
      cpu,
      count,
      unique: ids.size,
      first,
      last,
      latencies: message === 'stats' ? latencies : [],
    });
  });
  process.on('disconnect', () => process.exit(0));
}

async function main(): Promise<void> {
  // Imported here, so the forked receiver loads none of the service; PostgreSQL is chosen first.
  await import('./use-postgres.js');
  const { header, startBenchService } = await import('./support.js');
  const { createTestDatabase } = await import('../test/support/databases.js');
  const { cpuPerRequest, sampleCpu } = await import('./cpu-time.js');
  header('Webhooks: deliveries/s, commit to receipt, write overhead (PostgreSQL)');
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (a shared machine)`,
  );

  const receiver = await startReceiver();
  const createHooks = async (target: BenchService, enabled: boolean) => {
    const created = await Promise.all(
      Array.from({ length: hooks }, (_, i) =>
        target.api<{ id: string }>('POST', '/hooks', {
          name: `bench-${i}`,
          events,
          config: { url: `http://127.0.0.1:${receiver.port}/hook-${i}` },
          enabled,
        }),
      ),
    );
    const each = (method: string, body?: unknown) =>
      Promise.all(created.map((hook) => target.api(method, `/hooks/${hook.id}`, body)));
    // Deleting a hook deletes its waiting deliveries.
    return { setEnabled: (on: boolean) => each('PATCH', { enabled: on }), remove: () => each('DELETE') };
  };
  const drained = (expected: number) => receiver.waitFor(expected, 300_000);
  const roleWrites = (target: BenchService, token: string, prefix: string) => (worker: number, n: number) =>
    call(target.baseUrl, token, 'POST', '/api/roles', { name: `${prefix}-${worker}-${n}`, description: '' });

  // (c1) and (a'): on an instance that delivers nothing (TESSERA_WEBHOOK_WORKERS=0) and alone on its
  // database, the write path only; its outbox rows then make a backlog for one instance to drain.
  const database = await createTestDatabase();
  const writer = await startBenchService({ TESSERA_WEBHOOK_WORKERS: '0' }, { database });
  const backlog = hooks * burstWrites;
  try {
    const measured = await createHooks(writer, false);
    const title = '(c1) the write path alone: no instance delivers';
    await compareWrites(title, writer, measured.setEnabled, [['API instance', writer]], {
      before: async () => {},
      after: async () => {},
    });
    await measured.remove();
    await createHooks(writer, true);
    await closedLoop(roleWrites(writer, await writer.managementToken(), 'backlog'), 16, 0, burstWrites);
  } finally {
    await writer.stop();
  }
  await receiver.reset();
  const deliverer = await startBenchService({}, { database });
  try {
    // CPU from the moment the instance is up (it started on the backlog while booting) to the end.
    const databaseName = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    const [cpu0, received0] = [sampleCpu(deliverer.process.pid!, databaseName), await receiver.count()];
    const drainedBacklog = await drained(backlog);
    const cpu1 = sampleCpu(deliverer.process.pid!, databaseName);
    const counted = drainedBacklog.count - received0.count;
    console.log(`\n(a') a backlog of ${backlog} deliveries drained by one instance, first to last receipt`);
    reportDeliveries(drainedBacklog, drainedBacklog.first);
    const receiverCpu = Math.round((drainedBacklog.cpu - received0.cpu) / counted);
    console.log(`    CPU per delivery: ${cpuPerRequest(cpu0, cpu1, counted)}; receiver ${receiverCpu} µs`);
  } finally {
    await deliverer.stop();
    await database.drop();
  }

  // (c2), (a), (b): `service` delivers (default settings); `apiOnly` shares its database with
  // TESSERA_WEBHOOK_WORKERS=0, so its writes share only the machine with the deliveries.
  const service = await startBenchService();
  // One installation, so one base URL (the management API indicator): tokens come from `service`.
  const apiOnly = await startBenchService(
    { TESSERA_WEBHOOK_WORKERS: '0', BASE_URL: service.baseUrl },
    { database: service.database },
  );
  try {
    const { setEnabled } = await createHooks(service, false);
    const targets: [string, BenchService][] = [
      ['delivering instance', service],
      ['API-only instance', apiOnly],
    ];
    const title = '(c2) with the deliveries on the same 2 cores';
    await compareWrites(title, service, setEnabled, targets, {
      before: async () => void (await receiver.reset()),
      after: async (writes) => void (await drained(hooks * writes)),
    });

    // A burst of role creations, each fanned out to the 10 hooks, delivered while written.
    await setEnabled(true);
    await receiver.reset();
    const started = now();
    await closedLoop(roleWrites(service, await service.managementToken(), 'burst'), 16, 0, burstWrites);
    const writesDone = now();
    const burst = await drained(burstWrites * hooks);
    console.log(
      `\n(a) burst: ${burstWrites} POST /api/roles from 16 connections took ${(writesDone - started).toFixed(0)} ms; from their start,`,
    );
    reportDeliveries(burst, started);
    const latencies = [...burst.latencies].sort((a, b) => a - b);
    const ms = (p: number) => `${percentile(latencies, p).toFixed(0)} ms`;
    console.log(
      `(b) createdAt (in the write's transaction) to receipt: p50 ${ms(0.5)}, p99 ${ms(0.99)}, max ${ms(1)}`,
    );
  } finally {
    await apiOnly.stop();
    await service.stop();
    receiver.stop();
  }
}

/**
 * PATCH custom-data (one user per connection) on each target, with the hooks disabled, then
 * enabled, in alternating rounds; prints the medians over the rounds.
 */
async function compareWrites(
  title: string,
  admin: BenchService,
  setEnabled: (on: boolean) => Promise<unknown>,
  targets: [string, BenchService][],
  enabledRun: { before(): Promise<void>; after(writes: number): Promise<void> },
): Promise<void> {
  const users = await Promise.all(
    Array.from({ length: 16 }, (_, i) =>
      admin.api<{ id: string }>('POST', '/users', { username: `bench_${i}_${Date.now()}` }),
    ),
  );
  const token = await admin.managementToken();
  const samples = new Map<string, Latency[]>();
  for (let round = 0; round < rounds; round++) {
    for (const enabled of [false, true]) {
      await setEnabled(enabled);
      for (const [name, target] of targets) {
        const write = (worker: number, n: number) =>
          call(target.baseUrl, token, 'PATCH', `/api/users/${users[worker]!.id}/custom-data`, {
            customData: { n },
          });
        for (const { concurrency, seconds } of writeRuns) {
          if (enabled) await enabledRun.before();
          const warmUp = await closedLoop(write, concurrency, 1000);
          const result = await closedLoop(write, concurrency, seconds * 1000);
          const key = `${name}, ${concurrency} conn`;
          samples.set(`${key}|${enabled}`, [...(samples.get(`${key}|${enabled}`) ?? []), result]);
          if (enabled) await enabledRun.after(warmUp.count + result.count);
        }
      }
    }
  }
  console.log(
    `\n${title}: PATCH /api/users/:id/custom-data, 0 -> ${hooks} hooks, medians of ${rounds} rounds`,
  );
  for (const key of new Set([...samples.keys()].map((k) => k.split('|')[0]!))) {
    const [none, ten] = [median(samples.get(`${key}|false`)!), median(samples.get(`${key}|true`)!)];
    const cell = (field: 'p50' | 'p99') =>
      `${field} ${none[field].toFixed(2)} -> ${ten[field].toFixed(2)} ms (${signed(ten[field] - none[field])})`;
    console.log(
      `  ${key.padEnd(32)} ${cell('p50')}  ${cell('p99')}  ${none.perSecond.toFixed(0)} -> ${ten.perSecond.toFixed(0)} writes/s`,
    );
  }
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;

async function startReceiver() {
  const child = fork(fileURLToPath(import.meta.url), ['receiver'], { execArgv: ['--import', 'tsx'] });
  const next = <T>() =>
    new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  const { port } = await next<{ port: number }>();
  const ask = (message: string) => {
    const answer = next<Received>();
    child.send(message);
    return answer;
  };
  const waitFor = async (count: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while ((await ask('count')).count < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} deliveries in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return ask('stats');
  };
  return {
    port,
    reset: () => ask('reset'),
    count: () => ask('count'),
    waitFor,
    stop: () => child.disconnect(),
  };
}

interface Latency {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** `concurrency` workers calling `request` back to back, for `durationMs` or `total` calls in all. */
async function closedLoop(
  request: (worker: number, n: number) => Promise<void>,
  concurrency: number,
  durationMs: number,
  total = Infinity,
): Promise<Latency> {
  const latencies: number[] = [];
  const started = performance.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (issued < total && (durationMs === 0 || performance.now() - started < durationMs)) {
        const n = issued++;
        const sent = performance.now();
        await request(worker, n);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: (latencies.length / (performance.now() - started)) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call(baseUrl: string, token: string, method: string, path: string, body: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, {
      method,
      agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () =>
        res.statusCode! < 300 ? resolve() : reject(new Error(`${method} ${path}: ${res.statusCode}`)),
      );
    });
    req.once('error', reject);
    req.end(JSON.stringify(body));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

function median(results: Latency[]): Latency {
  const middle = <K extends keyof Latency>(key: K) =>
    results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  return { count: middle('count'), perSecond: middle('perSecond'), p50: middle('p50'), p99: middle('p99') };
}

function reportDeliveries(r: Received, from: number): void {
  const seconds = (r.last - from) / 1000;
  console.log(
    `    ${r.count} deliveries received (${r.count - r.unique} duplicate webhook-ids) in ${seconds.toFixed(2)} s: ` +
      `${(r.count / seconds).toFixed(0)} deliveries/s`,
  );
}

if (process.argv[2] === 'receiver') runReceiver();
else await main();
