import assert from 'node:assert/strict';
import type { TestService } from '../support/service.js';
import type { Browser } from '../support/oidc-browser.js';
import type { TestApplication } from '../support/sign-in-fixtures.js';
import { beginAuthorization } from '../support/oidc-sign-in.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

export function experienceOf(t: TestService, browser: Browser): Call {
  return (method, path, body) => browser.call(t.baseUrl, method, `/api/experience${path}`, body);
}

/** A browser on the sign-in page of a fresh interaction of `app`, with its Experience API caller. */
export async function openExperience(
  t: TestService,
  app: TestApplication,
  parameters: Record<string, string> = {},
) {
  const authorization = await beginAuthorization(t, app, parameters);
  return { authorization, call: experienceOf(t, authorization.browser) };
}

/** Asserts the status and returns the body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectStatus(response: { status: number; body: any }, status: number, code?: string) {
  assert.equal(response.status, status, JSON.stringify(response.body));
  if (code) assert.equal(response.body.code, code);
  return response.body;
}

/** The newest code the recording connector holds for a recipient (as stored: lower-case, digits). */
export async function latestCode(t: TestService, recipient: string): Promise<string> {
  const messages = await t.api<{ code: string }[]>(
    'GET',
    `/messages?recipient=${encodeURIComponent(recipient)}`,
  );
  assert.equal(messages.status, 200);
  assert.ok(messages.body[0], `no message for ${recipient}`);
  return messages.body[0].code;
}

/** Sends a code through the Experience API, reads it, verifies it; returns the verification id. */
export async function verifyByCode(
  t: TestService,
  call: Call,
  identifier: { type: 'email' | 'phone'; value: string },
) {
  const sent = expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
  const code = await latestCode(t, identifier.value);
  const verified = await call('POST', '/verification/verification-code/verify', {
    identifier,
    verificationId: sent.verificationId,
    code,
  });
  expectStatus(verified, 200);
  return sent.verificationId as string;
}

/** A wrong code for a verification: the right one shifted by one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
