import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type ApiClient = Client<paths>;

/**
 * The typed API client on the page's own origin. `token` supplies the bearer for each call when
 * there is one (the console); without it the cookies do the binding (the hosted pages).
 */
export function createApiClient(token: () => Promise<string | undefined> = async () => undefined): ApiClient {
  const client = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
  client.use({
    async onRequest({ request }) {
      const value = await token();
      if (value) request.headers.set('authorization', `Bearer ${value}`);
      return request;
    },
  });
  return client;
}

/** An API error as the service answers it: the status, the stable dotted code and the message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function toError(response: Response, error: unknown): ApiCallError {
  const body = (error ?? {}) as { code?: string; message?: string; data?: unknown };
  return new ApiCallError(response.status, body.code, body.message ?? response.statusText, body.data);
}

/** The body of a successful answer; an ApiCallError otherwise. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toError(response, error);
  return data as T;
}

/** A page and the total the service sends in `Total-Number`. */
export async function unwrapPage<T>(call: Promise<Answer<T>>): Promise<{ items: T; total: number }> {
  const { data, error, response } = await call;
  if (!response.ok) throw toError(response, error);
  return { items: data as T, total: Number(response.headers.get('total-number') ?? 0) };
}
