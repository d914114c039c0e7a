import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSON_MEMBER_LIMITS } from '../../src/http/bounded-json.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';

const nested = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
};
// Too deep for JSON.stringify itself, so written as text.
const DEEP = `${'{"a":'.repeat(4999)}{}${'}'.repeat(4999)}`;
const PLACEHOLDER = '"__member__"';

/** Free-form JSON members are bounded in depth and size at validation: 400, never a 500. */
describe('free-form JSON members', async () => {
  const t = await startTestService();
  const user = await apiOk<{ id: string }>(t, 'POST', '/users', { username: `json_${Date.now()}` });
  const app = await apiOk<{ id: string }>(t, 'POST', '/applications', {
    name: 'j',
    type: 'MachineToMachine',
  });
  const organization = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: 'j' });

  const wide = JSON.stringify({ blob: 'x'.repeat(JSON_MEMBER_LIMITS.maxBytes + 1) });
  const send = async (method: string, path: string, body: unknown, member: string) => {
    const response = await fetch(`${t.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${await t.managementToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body).replace(PLACEHOLDER, member),
    });
    return { status: response.status, body: (await response.json()) as { code: string } };
  };
  const writes: [string, string, (value: unknown) => unknown][] = [
    ['POST', '/users', (customData) => ({ username: `deep_${Date.now()}`, customData })],
    ['PATCH', `/users/${user.id}`, (customData) => ({ customData })],
    ['PATCH', `/users/${user.id}/custom-data`, (customData) => ({ customData })],
    ['POST', '/applications', (customData) => ({ name: 'x', type: 'MachineToMachine', customData })],
    ['PATCH', `/applications/${app.id}`, (customData) => ({ customData })],
    ['POST', '/organizations', (customData) => ({ name: 'x', customData })],
    ['PATCH', `/organizations/${organization.id}`, (customData) => ({ customData })],
    ['POST', '/subject-tokens', (context) => ({ userId: user.id, context })],
    [
      'POST',
      '/configs/jwt-customizer/test',
      (context) => ({ tokenType: 'access-token', script: 'x', token: {}, context }),
    ],
  ];

  for (const [method, path, body] of writes) {
    it(`${method} ${path}: 400 for a member nested 5000 deep or too large`, async () => {
      for (const member of [DEEP, wide]) {
        const response = await send(method, path, body('__member__'), member);
        assert.equal(response.status, 400, `${JSON.stringify(response.body).slice(0, 200)}`);
        assert.equal(response.body.code, 'guard.invalid_input');
      }
    });
  }

  it('accepts a member within the bounds', async () => {
    const customData = nested(JSON_MEMBER_LIMITS.maxDepth);
    const response = await t.api('PATCH', `/users/${user.id}`, { customData });
    assert.equal(response.status, 200);
  });
});
