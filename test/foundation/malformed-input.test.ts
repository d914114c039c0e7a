import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from '../support/http.js';
import { startTestService } from '../support/service.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** Bad bytes from a client are its mistake: a 4xx, never a 500. */
describe('malformed input', async () => {
  const t = await startTestService();
  const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

  const tokenRequest = (authorization: string, grantType: string) =>
    fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: grantType,
        subject_token: 'sub_x',
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        resource: 'https://api.example.com',
        scope: 'read',
      }),
    });

  it('refuses a Basic header that is not percent-encoding, and audits the token-exchange refusal', async () => {
    const claimed = `bad${Date.now()}%E0%A4%A`;
    const response = await tokenRequest(basic(`${claimed}:x`), TOKEN_EXCHANGE);
    const body = await json(response);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.ok(['invalid_request', 'invalid_client'].includes(body.error), JSON.stringify(body));

    // Logged from the provider's event, after the response.
    const deadline = Date.now() + 10_000;
    let logged: unknown[] = [];
    while (logged.length === 0 && Date.now() < deadline) {
      const logs = await t.api<unknown[]>(
        'GET',
        `/logs?key=ExchangeTokenBy.TokenExchange&applicationId=${encodeURIComponent(claimed)}`,
      );
      logged = logs.body;
      if (logged.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(logged.length, 1, 'the refusal is in the audit log under the claimed client id');
  });

  it('refuses the same header with the client-credentials grant', async () => {
    const response = await tokenRequest(basic('%E0%A4%A:x'), 'client_credentials');
    assert.equal(response.status, 400);
  });

  it('refuses a token request whose streamed body passes the limit, and one with a NUL in a parameter', async () => {
    const chunk = new TextEncoder().encode(`scope=${'a'.repeat(16 * 1024)}&`);
    const oversized = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const tooLarge = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { authorization: basic('a:b'), 'content-type': 'application/x-www-form-urlencoded' },
      body: oversized,
      duplex: 'half',
    } as RequestInit);
    assert.equal(tooLarge.status, 400);
    assert.equal((await json(tooLarge)).error_description, 'the request body is too large');

    const withNul = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { authorization: basic('a:b'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=read%00write',
    });
    assert.equal(withNul.status, 400);
    assert.equal((await json(withNul)).error_description, 'parameter scope contains a NUL character');
  });

  it('never answers 500 for bad percent-encoding in a management path or query', async () => {
    const token = await t.managementToken();
    for (const path of ['/api/users/%E0%A4%A', '/api/users?search=%E0%A4%A', '/api/applications/%']) {
      const response = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      assert.ok(response.status < 500, `${path}: ${response.status}`);
    }
  });

  it('answers 4xx for a body that is not JSON, or JSON nested beyond reason', async () => {
    const token = await t.managementToken();
    for (const body of ['{"name":', '['.repeat(100_000)]) {
      const response = await fetch(`${t.baseUrl}/api/applications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      assert.ok(response.status >= 400 && response.status < 500, `${body.slice(0, 10)}: ${response.status}`);
    }
  });
});
