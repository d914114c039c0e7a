// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { backend, withAdmin } from '../support/databases.js';
import { freePort, startTestService, type TestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import {
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
} from '../impersonation/fixtures.js';
import { createHook } from '../webhooks/helpers.js';

/** The value of the sample `name{labels}` in a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

async function scrape(t: TestService): Promise<string> {
  const response = await fetch(`${t.service.opsAddress}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  return response.text();
}

describe('operations listener', () => {
  it('answers health and metrics on its own port, never on the public one', async () => {
    const t = await startTestService({ env: { TESSERA_OPS_PORT: String(await freePort()) } });
    assert.ok(t.service.opsAddress);
    assert.equal((await fetch(`${t.service.opsAddress}/health/live`)).status, 200);
    const ready = await fetch(`${t.service.opsAddress}/health/ready`);
    assert.equal(ready.status, 200, await ready.clone().text());
    assert.deepEqual(await ready.json(), { status: 'ready' });
    assert.equal((await fetch(`${t.baseUrl}/metrics`)).status, 404);
    const text = await scrape(t);
    assert.ok(sample(text, 'process_cpu_user_seconds_total') > 0, 'default process metrics');
    assert.match(text, /^tessera_webhook_outbox_pending 0$/m);
  });

  it(
    'counts token exchanges, issued tokens, deliveries and requests by route template',
    { timeout: 60_000 },
    async () => {
      const t = await startTestService({ env: { TESSERA_OPS_PORT: String(await freePort()) } });
      const receiver = await startWebhookReceiver();
      after(() => receiver.close());
      await createHook(t, receiver.url, ['User.Created']);
      const resource = await createResource(t, ['read']);
      const userId = await createUser(t, [resource.scopeIds.read!]);
      const app = await createApplication(t, 'Traditional');
      const subjectToken = await issueSubjectToken(t, userId);
      await receiver.waitFor(1);

      const before = await scrape(t);
      const granted = await exchange(t.baseUrl, app, {
        subject_token: subjectToken,
        resource: resource.indicator,
        scope: 'read',
      });
      assert.equal(granted.status, 200, JSON.stringify(granted.body));
      const refused = await exchange(t.baseUrl, app, {
        subject_token: subjectToken,
        resource: resource.indicator,
        scope: 'read',
      });
      assert.equal(refused.body.error, 'invalid_grant');
      const afterwards = await scrape(t);

      const exchanges = (text: string, labels: Record<string, string>) =>
        sample(text, 'tessera_token_exchanges_total', labels);
      assert.equal(
        exchanges(afterwards, { result: 'success' }) - exchanges(before, { result: 'success' }),
        1,
      );
      assert.equal(
        exchanges(afterwards, { result: 'refused', reason: 'invalid_grant' }) -
          exchanges(before, { result: 'refused', reason: 'invalid_grant' }),
        1,
      );
      const issued = (text: string, grantType: string) =>
        sample(text, 'tessera_tokens_issued_total', { grant_type: grantType });
      assert.equal(
        issued(afterwards, 'urn:ietf:params:oauth:grant-type:token-exchange') -
          issued(before, 'urn:ietf:params:oauth:grant-type:token-exchange'),
        1,
      );
      assert.ok(issued(afterwards, 'client_credentials') >= 1, 'the management token');

      assert.equal(sample(afterwards, 'tessera_webhook_deliveries_total', { outcome: 'delivered' }), 1);
      assert.equal(sample(afterwards, 'tessera_webhook_delivery_seconds_count'), 1);
      const token = { method: 'POST', route: '/oidc/token', status_code: '200' };
      assert.equal(
        sample(afterwards, 'tessera_http_request_duration_seconds_count', token),
        2,
        'token requests',
      );
      const userRoute = { method: 'POST', route: '/api/users' };
      assert.equal(sample(afterwards, 'tessera_http_request_duration_seconds_count', userRoute), 1);
      assert.ok(!afterwards.includes(userId), 'no raw path (an id) in a label');

      const deliveriesBefore = sample(afterwards, 'tessera_webhook_deliveries_total', {
        outcome: 'delivered',
      });
      await createUser(t);
      await receiver.waitFor(2);
      const later = await scrape(t);
      assert.equal(
        sample(later, 'tessera_webhook_deliveries_total', { outcome: 'delivered' }),
        deliveriesBefore + 1,
      );
    },
  );

  it('is not ready while migrations are missing, nor once the database is gone', async () => {
    const t = await startTestService({ env: { TESSERA_OPS_PORT: String(await freePort()) } });
    const ready = `${t.service.opsAddress}/health/ready`;
    const db = t.service.storage.db;
    const [last] = (
      await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db)
    ).rows;
    await sql`DELETE FROM kysely_migration WHERE name = ${last!.name}`.execute(db);
    const pending = await fetch(ready);
    assert.equal(pending.status, 503);
    assert.equal(((await pending.json()) as { reason: string }).reason, 'database.migrations_pending');
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last!.name}, now()::text)`.execute(db);
    assert.equal((await fetch(ready)).status, 200);

    if (backend === 'postgres') {
      const name = new URL(t.database.env.DATABASE_URL!).pathname.slice(1);
      await withAdmin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
      const gone = await fetch(ready);
      assert.equal(gone.status, 503);
      const body = (await gone.json()) as { reason: string; message: string };
      assert.equal(body.reason, 'database.unavailable');
      assert.doesNotMatch(body.message, /tessera_t_|postgres:/, 'no connection details');
      assert.equal((await fetch(`${t.service.opsAddress}/health/live`)).status, 200);
    }
  });
});
