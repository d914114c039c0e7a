// test-backends: postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { backend, createTestDatabase, withClient } from '../support/databases.js';
import { BOOTSTRAP_CLIENT, startTestService, type TestService } from '../support/service.js';
import { clientCredentials } from '../support/http.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createHook, eventually } from '../webhooks/helpers.js';

// What the issue promises an operator: an answer within 5 s while the database is away, and
// service again within 10 s of its return.
const answerWithinMs = 5000;
const resumeWithinMs = 10_000;

interface Outcome {
  status: number;
  code: string | undefined;
  ms: number;
}

async function timed(t: TestService, method: string, path: string, body?: unknown): Promise<Outcome> {
  const started = Date.now();
  const response = await t.api<{ code?: string }>(method, path, body);
  return { status: response.status, code: response.body?.code, ms: Date.now() - started };
}

function assertUnavailable(outcome: Outcome) {
  assert.equal(outcome.status, 503, JSON.stringify(outcome));
  assert.equal(outcome.code, 'database.unavailable');
  assert.ok(outcome.ms < answerWithinMs, `answered after ${outcome.ms} ms`);
}

// A resource no token was asked for yet: the token endpoint must read it (and the client's roles
// for it) from the database, past the one-second caches that serve repeated requests.
async function assertTokenEndpointUnavailable(t: TestService, coldIndicator: string) {
  const started = Date.now();
  const response = await clientCredentials(t.baseUrl, BOOTSTRAP_CLIENT, { resource: coldIndicator });
  const body = (await response.json()) as { error?: string; error_description?: string; code?: string };
  assert.equal(response.status, 503, JSON.stringify(body));
  assert.equal(response.headers.get('retry-after'), '5');
  assert.equal(body.error, 'temporarily_unavailable');
  assert.equal(body.code, 'oidc.temporarily_unavailable');
  assert.doesNotMatch(JSON.stringify(body), /at .*\.(ts|js):\d+/, 'no stack trace');
  assert.ok(Date.now() - started < answerWithinMs);
}

// A browser step: the authorization request of an application never seen before must read it.
async function assertAuthorizationPageUnavailable(t: TestService, clientId: string) {
  const url = new URL('/oidc/auth', t.baseUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: 'http://127.0.0.1:9/callback',
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
  const response = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const html = await response.text();
  assert.equal(response.status, 503);
  assert.equal(response.headers.get('retry-after'), '5');
  assert.match(response.headers.get('content-type') ?? '', /text\/html/);
  assert.match(html, /temporarily_unavailable/);
}

/** The service answers management reads again; how long that took after the database returned. */
async function resumes(t: TestService): Promise<number> {
  const started = Date.now();
  await eventually(
    () => t.api('GET', '/users?page_size=1').then((r) => r.status),
    (status) => status === 200,
    resumeWithinMs,
  );
  return Date.now() - started;
}

// The proxy stands between the service and a PostgreSQL server: PGlite runs in the process.
describe('PostgreSQL outages', { skip: backend !== 'postgres' }, async () => {
  if (backend !== 'postgres') return;
  const database = await createTestDatabase();
  const directUrl = database.env.DATABASE_URL!;
  const target = new URL(directUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const t = await startTestService({
    database,
    manualStop: true,
    env: {
      DATABASE_URL: proxy.via(directUrl),
      // The defaults, which the answer within 5 s rests on (test services otherwise wait longer).
      TESSERA_DATABASE_CONNECT_TIMEOUT_MS: '2000',
      TESSERA_DATABASE_QUERY_TIMEOUT_MS: '3000',
      TESSERA_DATABASE_STATEMENT_TIMEOUT_MS: '2500',
      TESSERA_WEBHOOK_RETRY_SCHEDULE: '0,1,1,1',
      // Rows claimed by a commit whose answer the cut lost wait for their lease (5 timeouts + the
      // floor). A send made just before the cut is recorded once the database is back; 30 s gives
      // a loaded host time for that before the lease lapses and the row is sent again.
      TESSERA_WEBHOOK_TIMEOUT_MS: '1000',
      TESSERA_WEBHOOK_LEASE_FLOOR_MS: '30000',
    },
  });
  const receiver = await startWebhookReceiver();
  after(async () => {
    await t.stop();
    await proxy.close();
    await receiver.close();
    await database.drop();
  });
  await t.managementToken();
  const coldIndicator = `https://outage-${Date.now()}.example.com`;
  await t.api('POST', '/resources', { name: 'Cold', indicator: coldIndicator });
  const coldApplication = await t.api<{ id: string }>('POST', '/applications', {
    name: 'Cold SPA',
    type: 'SPA',
    oidcClientMetadata: { redirectUris: ['http://127.0.0.1:9/callback'], postLogoutRedirectUris: [] },
  });
  assert.equal(coldApplication.status, 200, JSON.stringify(coldApplication.body));

  it('answers 503 quickly while connections are refused, then serves again', async () => {
    await proxy.down();
    try {
      assertUnavailable(await timed(t, 'GET', '/users'));
      assertUnavailable(await timed(t, 'POST', '/users', { username: `refused_${Date.now()}` }));
      await assertTokenEndpointUnavailable(t, coldIndicator);
      await assertAuthorizationPageUnavailable(t, coldApplication.body.id);
    } finally {
      // A failed check must not leave the next tests without a database.
      await proxy.restore();
    }
    await resumes(t);
  });

  it('fails one request when its connection is reset in the middle of a transaction', async () => {
    const reset = proxy.resetAfter(/begin/i);
    const failed = await timed(t, 'POST', '/users', { username: `reset_${Date.now()}` });
    await reset;
    assertUnavailable(failed);
    const next = await timed(t, 'POST', '/users', { username: `after_reset_${Date.now()}` });
    assert.equal(next.status, 200);
  });

  it('answers 503 within the timeouts while traffic is swallowed silently', async () => {
    proxy.swallow();
    assertUnavailable(await timed(t, 'GET', '/users'));
    assertUnavailable(await timed(t, 'POST', '/users', { username: `partition_${Date.now()}` }));
    await assertTokenEndpointUnavailable(t, coldIndicator);
    await proxy.restore();
    await resumes(t);
  });

  it('survives a cut under a write load and delivers every committed User.Created exactly once', async () => {
    await createHook(t, receiver.url, ['User.Created']);
    const prefix = `load_${Date.now()}_`;
    const outcomes: Array<Outcome & { at: number }> = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const outcome = await timed(t, 'POST', '/users', { username: `${prefix}${n}_${i}` });
        outcomes.push({ ...outcome, at: Date.now() });
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const succeededSince = (since: number) => outcomes.filter((o) => o.at > since && o.status === 200);
    await eventually(
      async () => succeededSince(0).length,
      (n) => n >= 20,
      30_000,
    );

    await proxy.down();
    const cutAt = Date.now();
    // The outage lasts 10 s (the cut), and at least until every writer has been refused
    // several times and the delivery worker has backed off.
    await eventually(
      async () => outcomes.filter((o) => o.at > cutAt && o.status === 503).length,
      (n) => n >= 20,
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + 10_000 - Date.now())));
    await proxy.restore();
    const restoredAt = Date.now();
    await eventually(
      async () => succeededSince(restoredAt).length,
      (n) => n >= 1,
      resumeWithinMs,
    );
    await eventually(
      async () => succeededSince(restoredAt).length,
      (n) => n >= 20,
      30_000,
    );
    writing = false;
    await Promise.all(writers);

    for (const outcome of outcomes) {
      if (outcome.status !== 200) assertUnavailable(outcome);
      else assert.ok(outcome.ms < answerWithinMs, `a write took ${outcome.ms} ms`);
    }
    assert.ok(outcomes.some((o) => o.status === 503));

    // Committed: what the database holds (a write whose answer was lost may have committed too).
    const committed = await withClient(directUrl, async (client) => {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE username LIKE $1', [
        `${prefix}%`,
      ]);
      return new Set(rows.map((row) => row.id));
    });
    assert.ok(committed.size >= outcomes.filter((o) => o.status === 200).length);
    const isLoadEvent = (request: { event: string; json: { data?: { id?: string } } }) =>
      request.event === 'User.Created' && committed.has(request.json.data?.id ?? '');
    await receiver.waitFor(committed.size, { filter: isLoadEvent, timeoutMs: 60_000 });
    // Every delivery finished, so no second send of any event can still be on its way.
    await eventually(
      () =>
        withClient(directUrl, (client) =>
          client
            .query<{ n: number }>(
              "SELECT count(*)::int AS n FROM hook_deliveries WHERE status <> 'delivered'",
            )
            .then((result) => result.rows[0]!.n),
        ),
      (pending) => pending === 0,
      30_000,
    );
    const deliveredIds = receiver
      .accepted()
      .filter(isLoadEvent)
      .map((r) => r.json.data.id as string);
    assert.equal(deliveredIds.length, committed.size, 'one delivery per committed user');
    assert.deepEqual(new Set(deliveredIds), committed);
  });
});
