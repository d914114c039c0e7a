import createClient from 'openapi-fetch';
import { ApiCallError } from '@shared/api/client';
import type { paths } from '@shared/api/schema';

/** The Experience API client: same origin, the interaction cookie does the binding. */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a 2xx answer; an ApiCallError (status, code, message, data) otherwise. */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (!response.ok) {
    const body = (error ?? {}) as { code?: string; message?: string; data?: unknown };
    throw new ApiCallError(response.status, body.code, body.message ?? response.statusText, body.data);
  }
  return data as T;
}

export { ApiCallError };
