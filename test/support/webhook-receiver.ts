import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received (what signatures are computed over). */
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  /** `webhook-id` header: stable across retries of one delivery. */
  id: string;
  event: string;
  receivedAt: number;
  /** The status this receiver answered with; undefined while hanging. */
  answered: number | undefined;
  /** Requests open (received, not yet answered or closed) when this one arrived, itself included. */
  concurrent: number;
}

export interface Answer {
  status: number;
  /** Answers this long after the request arrived (a slow receiver). */
  delayMs?: number;
  headers?: Record<string, string>;
  body?: string;
}

/** How the receiver answers; `hang` never answers (the sender's timeout ends the attempt). */
export type Behaviour = Answer | 'hang' | ((request: ReceivedWebhook) => Answer | 'hang');

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Every request received, in arrival order (including those answered with errors). */
  requests: ReceivedWebhook[];
  /** Requests answered with a 2xx. */
  accepted(): ReceivedWebhook[];
  behave(behaviour: Behaviour): void;
  /** Resolves once `count` requests match `filter` (default: accepted ones); rejects at the deadline. */
  waitFor(count: number, options?: WaitOptions): Promise<ReceivedWebhook[]>;
  /** Stops listening and drops open connections, so senders get "connection refused". */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export interface WaitOptions {
  timeoutMs?: number;
  filter?: (request: ReceivedWebhook) => boolean;
}

const isAccepted = (request: ReceivedWebhook) =>
  request.answered !== undefined && request.answered >= 200 && request.answered < 300;

/** A real HTTP receiver on 127.0.0.1 that records every webhook request. */
export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let behaviour: Behaviour = { status: 200, body: 'ok' };
  const hanging = new Set<ServerResponse>();
  let open = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const request: ReceivedWebhook = {
        headers: req.headers,
        body,
        json: parsed,
        id: String(req.headers['webhook-id'] ?? ''),
        event: String((parsed as { event?: unknown } | undefined)?.event ?? ''),
        receivedAt: Date.now(),
        answered: undefined,
        concurrent: ++open,
      };
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        open--;
      };
      res.once('close', close);
      requests.push(request);
      const answer = typeof behaviour === 'function' ? behaviour(request) : behaviour;
      const respond = (answer: Answer) => {
        request.answered = answer.status;
        close();
        res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
        for (const wake of waiters) wake();
      };
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
      } else if (answer.delayMs) setTimeout(() => respond(answer), answer.delayMs);
      else respond(answer);
      for (const wake of waiters) wake();
    });
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);

  const down = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const waitFor = (count: number, options: WaitOptions = {}) => {
    const filter = options.filter ?? isAccepted;
    const timeoutMs = options.timeoutMs ?? 10_000;
    return new Promise<ReceivedWebhook[]>((resolve, reject) => {
      const check = () => {
        const matching = requests.filter(filter);
        if (matching.length < count) return;
        done();
        resolve(matching);
      };
      const timer = setTimeout(() => {
        done();
        const seen = requests.filter(filter).length;
        reject(new Error(`waited ${timeoutMs} ms for ${count} webhook requests, got ${seen}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  };

  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    accepted: () => requests.filter(isAccepted),
    behave: (next) => {
      behaviour = next;
    },
    waitFor,
    down,
    up: async () => {
      await listen(port);
    },
    close: async () => {
      if (server.listening) await down();
    },
  };
}
