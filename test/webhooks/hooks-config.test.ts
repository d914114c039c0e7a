import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { standardWebhookSecret } from '../../src/webhooks/signature.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

describe('hook configuration', async () => {
  const t = await startTestService();
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());

  const create = (body: unknown) => t.api<Body>('POST', '/hooks', body);
  const validHook = () => ({ name: 'audit', events: ['User.Created'], config: { url: receiver.url } });

  it('creates, reads, lists, updates and deletes a hook with Logto shapes', async () => {
    const created = await create({
      ...validHook(),
      events: ['User.Created', 'User.Deleted', 'User.Created'],
      config: { url: receiver.url, headers: { 'X-Tenant': 'acme', 'User-Agent': 'custom/1' } },
    });
    assert.equal(created.status, 201);
    const hook = created.body;
    assert.match(hook.id, /^[a-z0-9]{21}$/);
    assert.equal(hook.name, 'audit');
    assert.deepEqual(hook.events, ['User.Created', 'User.Deleted']);
    assert.deepEqual(hook.config, {
      url: receiver.url,
      headers: { 'x-tenant': 'acme', 'user-agent': 'custom/1' },
    });
    assert.match(hook.signingKey, /^[a-z0-9]{32}$/);
    assert.equal(hook.standardWebhookSecret, standardWebhookSecret(hook.signingKey));
    assert.equal(hook.enabled, true);
    assert.equal(typeof hook.createdAt, 'number');

    assert.deepEqual((await t.api('GET', `/hooks/${hook.id}`)).body, hook);

    const patched = await t.api<Body>('PATCH', `/hooks/${hook.id}`, { name: 'renamed', enabled: false });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, 'renamed');
    assert.equal(patched.body.enabled, false);
    assert.deepEqual(patched.body.config, hook.config, 'config untouched when absent');

    const reconfigured = await t.api<Body>('PATCH', `/hooks/${hook.id}`, {
      config: { url: `${receiver.url}/v2` },
    });
    assert.deepEqual(reconfigured.body.config, { url: `${receiver.url}/v2` }, 'config replaced as a whole');

    const rotated = await t.api<Body>('PATCH', `/hooks/${hook.id}/signing-key`);
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.signingKey, hook.signingKey);
    assert.equal(rotated.body.standardWebhookSecret, standardWebhookSecret(rotated.body.signingKey));

    assert.equal((await t.api('DELETE', `/hooks/${hook.id}`)).status, 204);
    const gone = await t.api<Body>('GET', `/hooks/${hook.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.code, 'entity.not_exists_with_id');
    // Logto's code for an unknown hook depends on the method (its integration tests and queries).
    for (const [method, path, body, code] of [
      ['DELETE', `/hooks/${hook.id}`, undefined, 'entity.not_found'],
      ['PATCH', `/hooks/${hook.id}`, { name: 'x' }, 'entity.not_exists'],
      ['PATCH', `/hooks/${hook.id}/signing-key`, undefined, 'entity.not_exists'],
      ['GET', `/hooks/${hook.id}/recent-logs`, undefined, 'entity.not_exists_with_id'],
      [
        'POST',
        `/hooks/${hook.id}/test`,
        { events: ['PostRegister'], config: { url: receiver.url } },
        'entity.not_exists_with_id',
      ],
    ] as const) {
      const response = await t.api<Body>(method, path, body);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.body.code, code, `${method} ${path}`);
    }
  });

  it('accepts the deprecated single `event` form', async () => {
    const created = await create({
      name: 'legacy',
      event: 'PostSignIn',
      config: { url: receiver.url, retries: 3 },
    });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body.events, ['PostSignIn']);
    const echoed = created.body as unknown as { event: string; config: { retries: number } };
    assert.equal(echoed.event, 'PostSignIn', 'the legacy members are echoed');
    assert.equal(echoed.config.retries, 3);
    for (const retries of [-1, 4, 'x']) {
      const refused = await create({
        name: 'legacy',
        event: 'PostSignIn',
        config: { url: receiver.url, retries },
      });
      assert.equal(refused.status, 400, String(retries));
    }
  });

  it('lists hooks in pages with Total-Number and optional execution stats', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await create({ ...validHook(), name: `page-${i}` })).status, 201);
    const page = await t.api<Body>('GET', '/hooks?page=1&page_size=2');
    assert.equal(page.status, 200);
    assert.equal(page.body.length, 2);
    const total = Number(page.headers.get('total-number'));
    assert.ok(total >= 3);
    assert.equal(page.body[0].executionStats, undefined);
    const withStats = await t.api<Body>('GET', `/hooks?page_size=100&includeExecutionStats=true`);
    assert.equal(withStats.body.length, total);
    for (const hook of withStats.body)
      assert.deepEqual(hook.executionStats, { requestCount: 0, successCount: 0 });
  });

  it('refuses bad input with specific codes', async () => {
    const expectError = async (body: unknown, status: number, code: string) => {
      const response = await create(body);
      assert.equal(response.status, status, JSON.stringify(response.body));
      assert.equal(response.body.code, code);
    };
    await expectError({ ...validHook(), events: [] }, 400, 'hook.missing_events');
    await expectError({ name: 'x', config: { url: receiver.url } }, 400, 'hook.missing_events');
    await expectError({ ...validHook(), events: ['User.Exploded'] }, 400, 'guard.invalid_input');
    await expectError({ ...validHook(), name: '' }, 400, 'guard.invalid_input');
    await expectError({ ...validHook(), config: {} }, 400, 'guard.invalid_input');
    await expectError({ ...validHook(), config: { url: 'not a url' } }, 400, 'hook.invalid_endpoint_url');
    await expectError(
      { ...validHook(), config: { url: 'ftp://example.com/x' } },
      400,
      'hook.invalid_endpoint_url',
    );
    await expectError(
      { ...validHook(), config: { url: 'file:///etc/passwd' } },
      400,
      'hook.invalid_endpoint_url',
    );
    for (const name of [
      'service-signature-sha-256',
      'Webhook-Signature',
      'webhook-id',
      'webhook-timestamp',
      'host',
    ]) {
      await expectError(
        { ...validHook(), config: { url: receiver.url, headers: { [name]: 'x' } } },
        400,
        'hook.header_not_allowed',
      );
    }
    await expectError(
      { ...validHook(), config: { url: receiver.url, headers: { 'x-bad': 'a\r\nb: c' } } },
      400,
      'guard.invalid_input',
    );
    const hook = (await create(validHook())).body;
    const emptied = await t.api<Body>('PATCH', `/hooks/${hook.id}`, { events: [] });
    assert.equal(emptied.status, 400);
    assert.equal(emptied.body.code, 'hook.missing_events');
  });

  it('tests a hook against an endpoint without ever returning its body', async () => {
    const hook = (await create(validHook())).body;
    const before = receiver.requests.length;
    const ok = await t.api('POST', `/hooks/${hook.id}/test`, {
      events: ['User.Created', 'PostSignIn'],
      config: { url: receiver.url },
    });
    assert.equal(ok.status, 204);
    const sent = receiver.requests.slice(before);
    assert.deepEqual(sent.map((r) => r.event).sort(), ['PostSignIn', 'User.Created']);
    assert.ok(sent.every((r) => r.json.hookId === hook.id && r.headers['service-signature-sha-256']));

    receiver.behave({ status: 500, body: 'internal secret: db password is hunter2' });
    const failed = await t.api<Body>('POST', `/hooks/${hook.id}/test`, {
      events: ['User.Created'],
      config: { url: receiver.url },
    });
    receiver.behave({ status: 200, body: 'ok' });
    assert.equal(failed.status, 422);
    assert.equal(failed.body.code, 'hook.endpoint_responded_with_error');
    assert.deepEqual(failed.body.data, { responseStatus: 500 });
    assert.doesNotMatch(JSON.stringify(failed.body), /hunter2/);

    const other = await startWebhookReceiver();
    await other.close();
    const unreachable = await t.api<Body>('POST', `/hooks/${hook.id}/test`, {
      events: ['User.Created'],
      config: { url: other.url },
    });
    assert.equal(unreachable.status, 422);
    assert.equal(unreachable.body.code, 'hook.send_test_payload_failed');

    const missing = await t.api<Body>('POST', '/hooks/nope/test', {
      events: ['User.Created'],
      config: { url: receiver.url },
    });
    assert.equal(missing.status, 404);
  });

  it('answers 404 for the activity routes of an unknown hook', async () => {
    for (const path of ['/hooks/nope/recent-logs', '/hooks/nope/deliveries']) {
      assert.equal((await t.api('GET', path)).status, 404);
    }
    assert.equal((await t.api('POST', '/hooks/nope/deliveries/msg_x/redeliver')).status, 404);
  });

  it('documents every hook route in the OpenAPI document', async () => {
    const document = (await (await fetch(`${t.baseUrl}/api/swagger.json`)).json()) as Body;
    for (const path of [
      '/api/hooks',
      '/api/hooks/{id}',
      '/api/hooks/{id}/signing-key',
      '/api/hooks/{id}/test',
      '/api/hooks/{id}/recent-logs',
      '/api/hooks/{id}/deliveries',
      '/api/hooks/{id}/deliveries/{deliveryId}/redeliver',
    ]) {
      assert.ok(document.paths[path], `${path} documented`);
    }
  });
});
