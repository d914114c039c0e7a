// The loopback receiver of the webhook benchmark, in its own process: answers 200 at once, counts
// what it received (unique webhook-ids) and notes, per request, the time since the payload's
// `createdAt` (set in the write's transaction). Run with `receiver`; driven over IPC.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from './processes.js';

export interface Received {
  count: number;
  unique: number;
  first: number;
  last: number;
  /** Commit-to-receipt milliseconds, only in answer to `stats`. */
  latencies: number[];
}

const now = () => performance.timeOrigin + performance.now();

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
    process.send!({ count, unique: ids.size, first, last, latencies: message === 'stats' ? latencies : [] });
  });
  process.on('disconnect', () => process.exit(0));
}

export async function startReceiver() {
  const child = spawnTracked(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'receiver'],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const next = <T>() =>
    new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  const { port } = await next<{ port: number }>();
  const ask = (message: string) => {
    const answer = next<Received>();
    child.send(message);
    return answer;
  };
  const waitFor = async (count: number, timeoutMs = 300_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((await ask('count')).count < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} deliveries in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return ask('stats');
  };
  return {
    port,
    pid: child.pid!,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    reset: () => ask('reset'),
    count: () => ask('count'),
    waitFor,
    stop: () => child.disconnect(),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export const ratePerSecond = (r: Received) => (r.count * 1000) / Math.max(1, r.last - r.first);

if (process.argv[2] === 'receiver') runReceiver();
