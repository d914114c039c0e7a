import { guardedFetch } from '../connectors/guarded-fetch.js';

const maxBodyBytes = 1024 * 1024;
// A backstop: the script's own deadline aborts its fetches first.
const fetchTimeoutMs = 30_000;
const maxFetchesPerRun = 10;

export interface FetchedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

interface FetchInit {
  method?: unknown;
  headers?: unknown;
  body?: unknown;
}

export interface FetchPolicy {
  fetchAllowlist: string[];
  fetchAllowPrivateNetworks: boolean;
}

/**
 * The only network access a script has: http(s) to hosts on the operator's allowlist, through the
 * SSRF guard every outbound request takes (an allowlisted name that resolves to a private,
 * loopback or link-local address is refused unless private networks are allowed), no redirects
 * followed (a redirect could leave the allowlist), a capped body, and aborted at the deadline.
 */
export function createHostFetch(policy: FetchPolicy, signal: AbortSignal) {
  const send = guardedFetch({
    allowPrivateNetworks: policy.fetchAllowPrivateNetworks,
    timeoutMs: fetchTimeoutMs,
    userAgent: 'Tessera custom claims script',
  });
  let count = 0;
  return async (rawUrl: string, init: FetchInit): Promise<FetchedResponse> => {
    if (++count > maxFetchesPerRun) throw new Error(`at most ${maxFetchesPerRun} fetches per run`);
    const url = parseUrl(rawUrl);
    if (!isAllowed(url, policy.fetchAllowlist)) throw new Error(`fetch to ${url.host} is not allowed`);
    const response = await send(url.toString(), {
      method: typeof init.method === 'string' ? init.method : 'GET',
      headers: stringRecord(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal,
    });
    return {
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      body: await readCapped(response),
    };
  };
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError('fetch needs an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError('fetch supports http(s) only');
  return url;
}

export function isAllowed(url: URL, allowlist: string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  return allowlist.some((entry) => entry === hostname || entry === host);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, String(v)]));
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`response body larger than ${maxBodyBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
