// Webhooks on PostgreSQL, each figure beside its reference in the same run, alternating which
// runs first:
// - a backlog (20,000 by default) drained by one instance to a loopback receiver, beside one Node
//   process POSTing the same bodies with undici's keep-alive pool to the same receiver;
// - POST /api/users at 32 connections with one hook subscribed (delivered by the same instance)
//   beside the same without it, and that hook's deliveries/s beside the write rate, with the
//   commit-to-receipt latency.
//   TESSERA_BENCH_SECONDS=3 TESSERA_BENCH_ROUNDS=1 TESSERA_BENCH_BACKLOG=4000 node --import tsx bench/webhooks.ts
//   (TESSERA_BENCH_WEBHOOKS=drain or =sustained runs one part alone)
import './use-postgres.js';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDefaultUser } from '../src/storage/database.js';
import { createTestDatabase } from '../test/support/databases.js';
import { cpuPerRequest, machineSeconds, processSeconds, sampleCpu } from './cpu-time.js';
import { runRawClient, type RawRequest } from './references/raw-client.js';
import { watchStatements } from './statements.js';
import { recordGoal, type GoalRow } from './summary.js';
import {
  benchRounds,
  benchSeconds,
  header,
  load,
  loadAverage,
  startBenchService,
  warmUpSeconds,
} from './support.js';
import type { BenchService } from './support.js';
import { ratePerSecond, startReceiver, type Receiver } from './webhook-receiver.js';

const hooks = 10;
const backlog = Number(process.env.TESSERA_BENCH_BACKLOG ?? 20_000);
const workers = 64;
const now = () => performance.timeOrigin + performance.now();
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;

const createHook = (service: BenchService, receiver: Receiver, i: number, events: string[]) =>
  service.api<{ id: string }>('POST', '/hooks', {
    name: `bench-${i}`,
    events,
    config: { url: receiver.url(`/hook-${i}`) },
  });

/** `count` writes of a unique name each (roles or users), at 32 connections or for `seconds`. */
const writes = (
  service: BenchService,
  what: 'roles' | 'users',
  options: { amount?: number; seconds?: number },
) => {
  let n = 0;
  const stamp = `${process.pid}_${Date.now()}`;
  return service.managementToken().then((token) =>
    load({
      url: service.baseUrl,
      connections: 32,
      ...(options.amount ? { amount: options.amount } : { duration: options.seconds! }),
      requests: [
        {
          method: 'POST',
          path: `/api/${what}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(
              what === 'roles'
                ? { name: `r_${stamp}_${n++}`, description: '' }
                : { username: `u_${stamp}_${n++}` },
            ),
          }),
        },
      ],
    }),
  );
};

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Waits until no delivery is due or leased: every attempt has been recorded. */
async function recorded(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [row] = await query<{ open: string }>(
      url,
      `SELECT count(*) AS open FROM hook_deliveries WHERE status IN ('pending', 'retrying')`,
    );
    if (Number(row!.open) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('attempts still unrecorded after a minute');
}

async function backlogRows(receiver: Receiver): Promise<GoalRow> {
  const database = await createTestDatabase();
  const url = database.env.DATABASE_URL!;
  const directory = await mkdtemp(path.join(tmpdir(), 'tessera-bench-'));
  try {
    // Written by an instance that delivers nothing, so every row waits in the outbox.
    const writer = await startBenchService({ TESSERA_WEBHOOK_WORKERS: '0' }, { database });
    // One installation, so one BASE_URL for every instance on this database.
    const baseUrl = writer.baseUrl;
    try {
      for (let i = 0; i < hooks; i++) await createHook(writer, receiver, i, ['Role.Created']);
      await writes(writer, 'roles', { amount: Math.ceil(backlog / hooks) });
    } finally {
      await writer.stop();
    }
    const rows = await query<{ id: string; url: string; body: string }>(
      url,
      'SELECT d.id, h.url, d.body FROM hook_deliveries d JOIN hooks h ON h.id = d.hook_id',
    );
    const file = path.join(directory, 'bodies.json');
    const requests: RawRequest[] = rows.map((r) => ({
      id: r.id,
      path: new URL(r.url).pathname,
      body: r.body,
    }));
    writeFileSync(file, JSON.stringify(requests));
    const origin = receiver.url('');
    console.log(`backlog: ${rows.length} deliveries to ${hooks} hooks; load average ${loadAverage()}`);

    const row: GoalRow = {
      figure: `deliveries/s draining a ${rows.length} backlog (one instance, ${hooks} hooks)`,
      reference: `undici keep-alive pool (${workers} connections), same bodies, same receiver`,
      goal: 0.6,
      rounds: [],
    };
    const databaseName = new URL(url).pathname.slice(1);
    const statements = await watchStatements(url);
    const perDelivery = (seconds: number) => Math.round((seconds * 1e6) / rows.length);
    const undici = async (round: number) => {
      await receiver.reset();
      const machine0 = machineSeconds();
      const receiver0 = processSeconds(receiver.pid);
      await runRawClient(file, origin, workers);
      const received = await receiver.waitFor(rows.length);
      const receiverSeconds = processSeconds(receiver.pid) - receiver0;
      // The rest of the machine's CPU is the sender's (the machine is otherwise quiet).
      const rest = machineSeconds() - machine0 - receiverSeconds;
      console.log(
        `round ${round}: undici CPU per request: receiver ${perDelivery(receiverSeconds)} µs, ` +
          `the rest of the machine (the client) ${perDelivery(rest)} µs`,
      );
      return received;
    };
    const drain = async (round: number) => {
      await receiver.reset();
      await statements.reset();
      const deliverer = await startBenchService({ BASE_URL: baseUrl }, { database });
      try {
        const cpu0 = sampleCpu(deliverer.process.pid!, databaseName);
        const receiver0 = processSeconds(receiver.pid);
        const drained = await receiver.waitFor(rows.length);
        // The CPU figures include recording the attempts, which ends a little after the last receipt.
        await recorded(url);
        const cpu1 = sampleCpu(deliverer.process.pid!, databaseName);
        const receiverCpu = perDelivery(processSeconds(receiver.pid) - receiver0);
        console.log(
          `round ${round}: drained ${ratePerSecond(drained).toFixed(0)}/s (${drained.count - drained.unique} duplicates); ` +
            `CPU per delivery (from start-up): ${cpuPerRequest(cpu0, cpu1, rows.length)}; receiver ${receiverCpu} µs`,
        );
        await statements.report(rows.length, 'drain');
        return drained;
      } finally {
        await deliverer.stop();
        // Every drain starts from the same tables, and the next run does not share the cores with
        // PostgreSQL's cleanup of this one: the attempts and audit rows go, the table is vacuumed.
        await query(
          url,
          `UPDATE hook_deliveries SET status = 'pending', attempts = 0, schedule_base = 0, next_attempt_at = now(),
             lease_expires_at = NULL, last_status_code = NULL, last_error = NULL, attempt_history = '[]';
           DELETE FROM logs WHERE key LIKE 'TriggerHook.%'`,
        );
        await query(url, 'VACUUM ANALYZE hook_deliveries, logs');
      }
    };
    await query(url, 'VACUUM ANALYZE hook_deliveries, logs');
    for (let round = 1; round <= benchRounds; round++) {
      // Odd rounds send with undici first, even rounds drain first.
      const undiciFirst = round % 2 === 1;
      const rawFirst = undiciFirst ? await undici(round) : undefined;
      const drained = await drain(round);
      const raw = rawFirst ?? (await undici(round));
      row.rounds.push({
        figure: { value: ratePerSecond(drained) },
        reference: { value: ratePerSecond(raw) },
        figureFirst: !undiciFirst,
      });
      console.log(
        `round ${round} (${undiciFirst ? 'undici first' : 'drain first'}): undici ${ratePerSecond(raw).toFixed(0)}/s; ` +
          `load average ${loadAverage()}`,
      );
    }
    await statements.close();
    return row;
  } finally {
    await rm(directory, { recursive: true, force: true });
    await database.drop();
  }
}

async function sustainedRows(receiver: Receiver): Promise<GoalRow[]> {
  const service = await startBenchService();
  try {
    const hook = await createHook(service, receiver, 0, ['User.Created']);
    const setEnabled = (enabled: boolean) => service.api('PATCH', `/hooks/${hook.id}`, { enabled });
    await writes(service, 'users', { seconds: 2 });
    const pace: GoalRow = {
      figure: 'deliveries/s to one hook during POST /api/users at 32 connections',
      reference: 'the write rate',
      goal: 1,
      latency: 'commit to receipt',
      p99Under: 100,
      note: 'each rate over its own span (first to last write, first to last receipt)',
      rounds: [],
    };
    const overhead: GoalRow = {
      figure: 'POST /api/users with one hook subscribed',
      reference: 'the same without a hook',
      goal: 0.9,
      rounds: [],
    };
    const statements = await watchStatements(service.database.env.DATABASE_URL!);
    const url = service.database.env.DATABASE_URL!;
    const databaseName = new URL(url).pathname.slice(1);
    const cpuSample = () => sampleCpu(service.process.pid!, databaseName);
    const measureWithout = async () => {
      await setEnabled(false);
      if (warmUpSeconds) await writes(service, 'users', { seconds: warmUpSeconds });
      const cpu0 = cpuSample();
      const result = await writes(service, 'users', { seconds: benchSeconds });
      return { ...result, cpu: cpuPerRequest(cpu0, cpuSample(), result.succeeded) };
    };
    const measureWithHook = async () => {
      await setEnabled(true);
      if (warmUpSeconds) {
        // The warm-up's deliveries are received and recorded before the measured writes start.
        await writes(service, 'users', { seconds: warmUpSeconds });
        await recorded(url);
      }
      await receiver.reset();
      await statements.reset();
      const cpu0 = cpuSample();
      const receiver0 = processSeconds(receiver.pid);
      const started = now();
      const result = await writes(service, 'users', { seconds: benchSeconds });
      const span = now() - started;
      const received = await receiver.waitFor(result.succeeded);
      // The CPU figures include the delivery of every write and the record of its attempt.
      await recorded(url);
      const receiverCpu = Math.round(((processSeconds(receiver.pid) - receiver0) * 1e6) / result.succeeded);
      const cpu = `${cpuPerRequest(cpu0, cpuSample(), result.succeeded)}; receiver ${receiverCpu} µs`;
      await statements.report(result.succeeded, 'POST /api/users with the hook');
      return { withHook: result, writeSpan: span, received, cpu };
    };
    for (let round = 1; round <= benchRounds; round++) {
      // The users table grows with every run: alternate which side runs on the larger one.
      const withoutFirst = round % 2 === 1;
      const first = withoutFirst ? await measureWithout() : undefined;
      const { withHook, writeSpan, received, cpu } = await measureWithHook();
      const without = first ?? (await measureWithout());
      const writeRate = (withHook.succeeded * 1000) / writeSpan;
      const latencies = received.latencies;
      const [p50, p99] = [percentile(latencies, 0.5), percentile(latencies, 0.99)];
      pace.rounds.push({
        figure: { value: ratePerSecond(received), p50, p99 },
        reference: { value: writeRate },
      });
      const measure = (r: typeof withHook) => ({ value: r.requestsPerSecond, p50: r.p50, p99: r.p99 });
      overhead.rounds.push({
        figure: measure(withHook),
        reference: measure(without),
        figureFirst: !withoutFirst,
      });
      console.log(
        `round ${round}: writes ${without.requestsPerSecond}/s without the hook, ${withHook.requestsPerSecond}/s with it; ` +
          `deliveries ${ratePerSecond(received).toFixed(0)}/s, commit to receipt p50 ${p50.toFixed(0)} ms, ` +
          `p99 ${p99.toFixed(0)} ms; load average ${loadAverage()}\n` +
          `  CPU per write with the hook (its delivery included): ${cpu}\n` +
          `  CPU per write without: ${without.cpu}`,
      );
    }
    await statements.close();
    return [pace, overhead];
  } finally {
    await service.stop();
  }
}

header('Webhooks beside an undici client and the write rate (PostgreSQL)');
const receiver = await startReceiver();
try {
  // TESSERA_BENCH_WEBHOOKS=drain or =sustained runs one part alone.
  const part = process.env.TESSERA_BENCH_WEBHOOKS;
  const rows = [
    ...(part === 'sustained' ? [] : [await backlogRows(receiver)]),
    ...(part === 'drain' ? [] : await sustainedRows(receiver)),
  ];
  console.log('');
  for (const row of rows) recordGoal(row);
} finally {
  receiver.stop();
}
