const maxBodyBytes = 1024 * 1024;
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

/**
 * The only network access a script has: http(s) to hosts on the operator's allowlist, no
 * redirects (a redirect could leave the allowlist), a capped body, and aborted at the deadline.
 */
export function createHostFetch(allowlist: string[], signal: AbortSignal) {
  let count = 0;
  return async (rawUrl: string, init: FetchInit): Promise<FetchedResponse> => {
    if (++count > maxFetchesPerRun) throw new Error(`at most ${maxFetchesPerRun} fetches per run`);
    const url = parseUrl(rawUrl);
    if (!isAllowed(url, allowlist)) throw new Error(`fetch to ${url.host} is not allowed`);
    const response = await fetch(url, {
      method: typeof init.method === 'string' ? init.method : 'GET',
      headers: stringRecord(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      redirect: 'error',
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
