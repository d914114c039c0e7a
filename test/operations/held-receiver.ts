import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldReceiver {
  url: string;
  /** webhook-id of every request received, in arrival order. */
  ids: string[];
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>;
  /** Answers 200 to every held request, and at once to every later one. */
  release(): void;
  close(): Promise<void>;
}

/** A webhook receiver that holds its answers until told: sends stay in flight as long as a test needs. */
export async function startHeldReceiver(): Promise<HeldReceiver> {
  const ids: string[] = [];
  const held: ServerResponse[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let released = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      if (released) res.end('ok');
      else held.push(res);
      for (const waiter of waiters.filter((w) => ids.length >= w.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    ids,
    received: (count) =>
      ids.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    release: () => {
      released = true;
      for (const res of held.splice(0)) res.end('ok');
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
