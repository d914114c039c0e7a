import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { bareHost, pinnedLookup, resolveAllowed } from '../webhooks/address-policy.js';

// Identity providers answer with small JSON documents (discovery, JWKS, tokens, user info).
const maxResponseBytes = 1024 * 1024;

export type GuardedFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A `fetch` for openid-client's `customFetch`: every connection goes to an address the webhooks'
 * SSRF guard accepted (pinned, so DNS cannot change between check and connect), no redirect is
 * followed, the answer is capped and the request has a deadline.
 */
export function guardedFetch(options: {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  userAgent: string;
}): GuardedFetch {
  const lookup = pinnedLookup(options.allowPrivateNetworks);
  return async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new TypeError(`unsupported protocol ${target.protocol}`);
    }
    // A literal IP bypasses `lookup`, so it is checked here.
    const host = bareHost(target.hostname);
    if (isIP(host)) await resolveAllowed(host, options.allowPrivateNetworks);
    const headers = new Headers(init.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', options.userAgent);
    const body = init.body === undefined || init.body === null ? undefined : bodyBytes(init.body);
    if (body) headers.set('content-length', String(body.length));
    return request(target, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      body,
      lookup,
      timeoutMs: options.timeoutMs,
      signal: init.signal ?? undefined,
    });
  };
}

function bodyBytes(body: NonNullable<RequestInit['body']>): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('unsupported request body');
}

function request(
  target: URL,
  options: {
    method: string;
    headers: Record<string, string>;
    body: Buffer | undefined;
    lookup: ReturnType<typeof pinnedLookup>;
    timeoutMs: number;
    signal: AbortSignal | undefined;
  },
): Promise<Response> {
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(target, {
      method: options.method,
      headers: options.headers,
      lookup: options.lookup as never,
      signal: options.signal,
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`no response within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxResponseBytes) req.destroy(new Error('response too large'));
        else chunks.push(chunk);
      });
      res.once('end', () => {
        clearTimeout(timer);
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
        }
        const status = res.statusCode ?? 502;
        const nullBody = status === 204 || status === 304;
        resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers }));
      });
      res.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    req.end(options.body);
  });
}
