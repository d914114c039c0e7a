import { isIP } from 'node:net';
import { Agent } from 'undici';
import { SendHandler, type Answer } from './send-handler.js';
import { bareHost, isRefusedAddress, pinnedLookup, RefusedAddressError } from './address-policy.js';

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

/**
 * One undici keep-alive pool per origin, shared by every delivery of this instance. Every new
 * connection resolves its host through the SSRF guard and connects to the address it checked
 * (`lookup`), so a DNS rebind cannot reach a refused address. undici follows no redirects.
 */
export function createSender(options: { timeoutMs: number; allowPrivateNetworks: boolean }): Sender {
  const agent = new Agent({
    connections: 256,
    connect: { lookup: pinnedLookup(options.allowPrivateNetworks), timeout: options.timeoutMs },
  });
  const targets = new TargetCache(options.allowPrivateNetworks);

  const send = async ({ url, headers, body }: OutgoingWebhook): Promise<SendOutcome> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const target = targets.get(url);
      if (target.refused) throw target.refused;
      const request = {
        origin: target.origin,
        path: target.path,
        method: 'POST' as const,
        headers: target.authorization ? { authorization: target.authorization, ...headers } : headers,
        body,
      };
      const answer = await new Promise<Answer>((resolve, reject) => {
        agent.dispatch(request, new SendHandler(resolve, reject, options.timeoutMs));
      });
      return { kind: 'response', ...answer, durationMs: elapsed() };
    } catch (error) {
      const refused = error instanceof RefusedAddressError;
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'error', error: message, refused, durationMs: elapsed() };
    }
  };

  return { send, close: () => void agent.destroy().catch(() => undefined) };
}

interface Target {
  origin: string;
  path: string;
  /** A literal IP bypasses `lookup`, so it is judged once, when its URL is parsed. */
  refused: RefusedAddressError | undefined;
  /** Credentials in the URL, sent as Basic authorization unless the hook sets its own header. */
  authorization: string | undefined;
}

/** Hook URLs parsed once each: a few hooks receive every delivery. */
class TargetCache {
  private readonly parsed = new Map<string, Target>();

  constructor(private readonly allowPrivate: boolean) {}

  get(url: string): Target {
    let target = this.parsed.get(url);
    if (target) return target;
    const parsedUrl = new URL(url);
    if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:') {
      throw new Error(`unsupported protocol ${parsedUrl.protocol}`);
    }
    const host = bareHost(parsedUrl.hostname);
    target = {
      origin: parsedUrl.origin,
      path: `${parsedUrl.pathname}${parsedUrl.search}`,
      refused:
        isIP(host) && !this.allowPrivate && isRefusedAddress(host)
          ? new RefusedAddressError(host, host)
          : undefined,
      authorization: basicAuthorization(parsedUrl),
    };
    // Bounded: hooks change their URLs rarely, so dropping all now and then costs little.
    if (this.parsed.size >= 1000) this.parsed.clear();
    this.parsed.set(url, target);
    return target;
  }
}

function basicAuthorization({ username, password }: URL): string | undefined {
  if (!username && !password) return undefined;
  const credentials = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
}
