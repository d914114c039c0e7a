import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the service and PostgreSQL that can fail the way networks and servers do:
 * close every connection, reset one in the middle of a transaction, refuse new ones, or swallow
 * traffic silently (a partition).
 */
export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  via(databaseUrl: string): string;
  /** Closes every open connection (FIN) and refuses new ones until `restore()`. */
  down(): Promise<void>;
  /** Resets (RST) the next connection whose client sends bytes matching `pattern`, once sent on. */
  resetAfter(pattern: RegExp): Promise<void>;
  /** Accepts and holds connections but forwards nothing, in either direction, until `restore()`. */
  swallow(): void;
  /** Passes traffic again; connections held while swallowing are dropped. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

type Mode = 'pass' | 'swallow' | 'down';

interface Pair {
  client: Socket;
  server: Socket | undefined;
  held: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: Mode = 'pass';
  let resetRule: { pattern: RegExp; done: () => void } | undefined;

  const drop = (pair: Pair, reset: boolean) => {
    pairs.delete(pair);
    for (const socket of [pair.client, pair.server]) {
      if (!socket || socket.destroyed) continue;
      if (reset) socket.resetAndDestroy();
      else socket.destroy();
    }
  };

  const onConnection = (client: Socket) => {
    const pair: Pair = { client, server: undefined, held: mode === 'swallow' };
    pairs.add(pair);
    client.on('error', () => drop(pair, false));
    client.on('close', () => drop(pair, false));
    if (pair.held) return;
    const server = connect(target.port, target.host);
    pair.server = server;
    server.on('error', () => drop(pair, false));
    server.on('close', () => drop(pair, false));
    server.on('data', (chunk: Buffer) => {
      if (!pair.held) client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (pair.held) return;
      server.write(chunk);
      if (resetRule && resetRule.pattern.test(chunk.toString('latin1'))) {
        const { done } = resetRule;
        resetRule = undefined;
        // Once the server has the statement, so it fails with the connection in the transaction.
        server.once('data', () => {
          drop(pair, true);
          done();
        });
      }
    });
  };

  let server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const listen = async () => {
    server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  };

  return {
    port,
    via(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async down() {
      mode = 'down';
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const pair of [...pairs]) drop(pair, false);
      await closed;
    },
    resetAfter(pattern) {
      return new Promise<void>((done) => (resetRule = { pattern, done }));
    },
    swallow() {
      mode = 'swallow';
      for (const pair of pairs) pair.held = true;
    },
    async restore() {
      const wasDown = mode === 'down';
      mode = 'pass';
      for (const pair of [...pairs]) if (pair.held) drop(pair, false);
      if (wasDown) await listen();
    },
    async close() {
      for (const pair of [...pairs]) drop(pair, false);
      if (mode !== 'down') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
