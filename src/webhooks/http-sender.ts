import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { bareHost, pinnedLookup, RefusedAddressError, resolveAllowed } from './address-policy.js';

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What one attempt produced. The response body is drained and dropped: it is never stored. */
export type SendOutcome =
  | { kind: 'response'; statusCode: number; retryAfter: string | undefined; durationMs: number }
  | { kind: 'error'; error: string; refused: boolean; durationMs: number };

export interface Sender {
  send(request: OutgoingWebhook): Promise<SendOutcome>;
  close(): void;
}

// A receiver's answer is read only to keep the connection reusable; past this it is cut off.
const maxDrainedBytes = 64 * 1024;

/** Keep-alive agents shared by every delivery of this instance; redirects are never followed. */
export function createSender(options: { timeoutMs: number; allowPrivateNetworks: boolean }): Sender {
  const lookup = pinnedLookup(options.allowPrivateNetworks);
  const agentOptions = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, lookup };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  const send = async ({ url, headers, body }: OutgoingWebhook): Promise<SendOutcome> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const target = new URL(url);
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent) throw new Error(`unsupported protocol ${target.protocol}`);
      // A literal IP bypasses `lookup`, so it is checked here.
      const host = bareHost(target.hostname);
      if (isIP(host)) await resolveAllowed(host, options.allowPrivateNetworks);
      const { statusCode, retryAfter } = await post(target, agent, headers, body, options.timeoutMs);
      return { kind: 'response', statusCode, retryAfter, durationMs: elapsed() };
    } catch (error) {
      const refused = error instanceof RefusedAddressError;
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'error', error: message, refused, durationMs: elapsed() };
    }
  };

  return {
    send,
    close: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function post(
  target: URL,
  agent: http.Agent,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ statusCode: number; retryAfter: string | undefined }> {
  const payload = Buffer.from(body, 'utf8');
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    const timer = setTimeout(() => req.destroy(new Error(`no response within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.once('response', (res) => {
      resolve({ statusCode: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
      // Drained in the background only so the keep-alive socket can be reused; never stored.
      let drained = 0;
      res.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > maxDrainedBytes) res.destroy();
      });
      res.once('close', () => clearTimeout(timer));
      res.once('error', () => undefined);
    });
    req.end(payload);
  });
}
