import assert from 'node:assert/strict';
import type { TestService } from './service.js';

/** The parsed JSON body of a response; tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(response: Response): Promise<any> {
  return response.json();
}

/** A management API call that must succeed; returns the body. */
export async function apiOk<T>(t: TestService, method: string, path: string, body?: unknown): Promise<T> {
  const response = await t.api<T>(method, path, body);
  assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A raw client_credentials request to the token endpoint, the client authenticating with HTTP Basic. */
export function clientCredentials(
  baseUrl: string,
  client: { id: string; secret: string },
  params: { resource: string; scope?: string },
): Promise<Response> {
  return fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      resource: params.resource,
      ...(params.scope === undefined ? {} : { scope: params.scope }),
    }),
  });
}
