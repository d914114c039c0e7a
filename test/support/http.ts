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
