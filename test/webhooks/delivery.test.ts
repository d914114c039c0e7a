import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../src/storage/clock.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver, type Answer, type WebhookReceiver } from '../support/webhook-receiver.js';
import { createHook, eventually, fire, type Body } from './helpers.js';

describe('webhook delivery', async () => {
  // Retries come due when the test moves the clock past them, never by waiting.
  const clock = new ManualClock();
  const t = await startTestService({
    env: { TESSERA_WEBHOOK_RETRY_SCHEDULE: '0,60,60,60', TESSERA_WEBHOOK_TIMEOUT_MS: '1500' },
    clock,
  });
  const receivers: WebhookReceiver[] = [];
  const receiver = async () => {
    const started = await startWebhookReceiver();
    receivers.push(started);
    return started;
  };
  after(() => Promise.all(receivers.map((r) => r.close())));
  const deliveries = (hookId: string) => t.api<Body>('GET', `/hooks/${hookId}/deliveries?page_size=100`);

  it('delivers User.Created from POST /api/users with the payload and both signatures', async () => {
    const target = await receiver();
    const hook = await createHook(t, target.url, ['User.Created']);
    const created = await t.api<Body>('POST', '/users', {
      username: `delivered_${Date.now()}`,
      password: 'Secret-pass-123',
    });
    assert.equal(created.status, 200);
    const [request] = await target.waitFor(1);

    assert.equal(request!.headers['user-agent'], t.config.webhooks.userAgent);
    assert.equal(request!.headers['content-type'], 'application/json');
    const expected = createHmac('sha256', hook.signingKey).update(request!.body).digest('hex');
    assert.equal(request!.headers['service-signature-sha-256'], expected);
    const verified = new Webhook(hook.standardWebhookSecret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    assert.deepEqual(verified, request!.json);
    assert.match(request!.id, /^msg_[0-9a-f]{32}$/);

    const payload = request!.json;
    assert.deepEqual(Object.keys(payload).slice(0, 3), ['hookId', 'event', 'createdAt']);
    assert.equal(payload.hookId, hook.id);
    assert.equal(payload.event, 'User.Created');
    assert.ok(!Number.isNaN(Date.parse(payload.createdAt)));
    assert.equal(payload.ip, '127.0.0.1');
    assert.equal(payload.userIp, undefined);
    assert.equal(typeof payload.userAgent, 'string');
    assert.deepEqual(
      {
        path: payload.path,
        method: payload.method,
        status: payload.status,
        params: payload.params,
        matchedRoute: payload.matchedRoute,
      },
      { path: '/users', method: 'POST', status: 200, params: {}, matchedRoute: '/users' },
    );
    assert.equal(payload.data.id, created.body.id);
    assert.doesNotMatch(request!.body, /password|argon2/i);
  });

  it('lets configured headers replace user-agent and content-type, never the signatures', async () => {
    const target = await receiver();
    await createHook(t, target.url, ['Role.Created'], {
      'user-agent': 'acme-hooks/2',
      'content-type': 'application/vnd.acme+json',
      'x-tenant': 'acme',
    });
    await fire(t, [{ event: 'Role.Created', payload: { data: { id: 'r1' } } }]);
    const [request] = await target.waitFor(1);
    assert.equal(request!.headers['user-agent'], 'acme-hooks/2');
    assert.equal(request!.headers['content-type'], 'application/vnd.acme+json');
    assert.equal(request!.headers['x-tenant'], 'acme');
    assert.ok(request!.headers['webhook-signature']);
  });

  it('delivers every event to a receiver that was down for a while, once it is back', async () => {
    const target = await receiver();
    const hook = await createHook(t, target.url, ['Scope.Created']);
    await target.down();
    await fire(
      t,
      Array.from({ length: 5 }, (_, i) => ({
        event: 'Scope.Created' as const,
        payload: { data: { id: `s${i}` } },
      })),
    );
    await eventually(
      () => deliveries(hook.id),
      (r) =>
        r.body.length === 5 && r.body.every((d: Body) => d.status === 'retrying' && d.attempts.length >= 1),
    );
    await target.up();
    clock.advance(66_000);
    const received = await target.waitFor(5);
    assert.deepEqual(received.map((r) => r.json.data.id).sort(), ['s0', 's1', 's2', 's3', 's4']);
    const final = await eventually(
      () => deliveries(hook.id),
      (r) => r.body.every((d: Body) => d.status === 'delivered'),
    );
    for (const delivery of final.body) {
      assert.ok(delivery.attempts.length >= 2);
      assert.equal(delivery.attempts[0].statusCode, null);
      assert.ok(delivery.attempts[0].error);
      assert.equal(delivery.attempts.at(-1).statusCode, 200);
      assert.equal(delivery.nextAttemptAt, null);
    }
  });

  it('does not slow the management call when the receiver hangs', async () => {
    // A sender timeout far beyond any request time on a loaded machine: a call that waited for the
    // hanging delivery would take at least this long.
    const senderTimeoutMs = 60_000;
    // Its stop does not wait out the hanging send (that is the shutdown grace's test, not this one).
    const patient = await startTestService({
      env: { TESSERA_WEBHOOK_TIMEOUT_MS: String(senderTimeoutMs), TESSERA_SHUTDOWN_GRACE_MS: '200' },
    });
    const target = await receiver();
    target.behave('hang');
    await createHook(patient, target.url, ['User.Created']);
    const started = performance.now();
    const created = await patient.api('POST', '/users', { username: `hang_${Date.now()}` });
    assert.equal(created.status, 200);
    await target.waitFor(1, { filter: () => true });
    assert.equal((await patient.api('POST', '/users', { username: `hang2_${Date.now()}` })).status, 200);
    assert.equal(target.requests[0]!.answered, undefined, 'the first delivery is still hanging');
    assert.ok(performance.now() - started < senderTimeoutMs, 'no call waited for the hanging delivery');
  });

  it('disables the hook on 410 Gone', async () => {
    const target = await receiver();
    target.behave({ status: 410 });
    const hook = await createHook(t, target.url, ['Organization.Created']);
    await fire(t, [{ event: 'Organization.Created', payload: { data: { id: 'o1' } } }]);
    await target.waitFor(1, { filter: () => true });
    const disabled = await eventually(
      () => t.api<Body>('GET', `/hooks/${hook.id}`),
      (r) => r.body.enabled === false,
    );
    assert.equal(disabled.body.enabled, false);
    const list = await deliveries(hook.id);
    assert.equal(list.body[0].status, 'disabled');
    await fire(t, [{ event: 'Organization.Created', payload: { data: { id: 'o2' } } }]);
    assert.equal((await deliveries(hook.id)).body.length, 1, 'a disabled hook gets no new deliveries');
    const redeliver = await t.api<Body>('POST', `/hooks/${hook.id}/deliveries/${list.body[0].id}/redeliver`);
    assert.equal(redeliver.status, 422);
    assert.equal(redeliver.body.code, 'hook.disabled');
    assert.equal(target.requests.length, 1);
  });

  it('deletes a hook with its deliveries and sets aside one written during the deletion', async () => {
    const db = t.service.storage.db;
    const target = await receiver();
    const hook = await createHook(t, target.url, ['Role.Deleted']);
    await fire(t, [{ event: 'Role.Deleted', payload: { data: null } }]);
    await target.waitFor(1);
    await eventually(
      () => deliveries(hook.id),
      (r) => r.body[0]?.status === 'delivered',
    );
    assert.equal((await t.api('DELETE', `/hooks/${hook.id}`)).status, 204);
    const left = (table: 'hook_deliveries') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('hook_id', '=', hook.id)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    assert.equal(await left('hook_deliveries'), 0);

    // What a transaction that read the hook before its deletion committed leaves behind.
    await db
      .insertInto('hook_deliveries')
      .values({ id: `msg_orphan_${Date.now()}`, hook_id: hook.id, event: 'Role.Deleted', body: '{}' })
      .execute();
    t.service.app.services.deliveries.nudge();
    await eventually(
      () => db.selectFrom('hook_deliveries').select('status').where('hook_id', '=', hook.id).execute(),
      (rows) => rows[0]?.status === 'disabled',
    );
    assert.equal(target.requests.length, 1);
  });

  it('delivers nothing for a rolled-back change', async () => {
    const target = await receiver();
    const hook = await createHook(t, target.url, ['User.Deleted']);
    await assert.rejects(
      t.service.storage.db.transaction().execute(async (trx) => {
        await t.service.app.services.deliveries
          .outbox()
          .write(trx, {}, [{ event: 'User.Deleted', payload: { data: null, marker: 'rolled-back' } }]);
        throw new Error('the change fails after enqueueing');
      }),
      /the change fails/,
    );
    await fire(t, [{ event: 'User.Deleted', payload: { data: null, marker: 'committed' } }]);
    await target.waitFor(1);
    assert.deepEqual(
      target.requests.map((r) => r.json.marker),
      ['committed'],
    );
    assert.equal((await deliveries(hook.id)).body.length, 1);
  });

  it('honours Retry-After and treats a redirect as a failure', async () => {
    const target = await receiver();
    let calls = 0;
    target.behave((): Answer => {
      calls++;
      if (calls === 1) return { status: 503, headers: { 'retry-after': '120' } };
      if (calls === 2) return { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } };
      return { status: 204 };
    });
    const hook = await createHook(t, target.url, ['Scope.Deleted']);
    await fire(t, [{ event: 'Scope.Deleted', payload: { data: null } }]);
    const attemptsRecorded = (count: number) =>
      eventually(
        () => deliveries(hook.id),
        (r) => r.body[0]?.attempts.length === count,
      );
    await target.waitFor(1, { filter: () => true });
    await attemptsRecorded(1);
    // Past the schedule's minute but short of Retry-After's two: not due yet (the advance wakes
    // the worker at once, so a due row would be sent within the pause).
    clock.advance(70_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(calls, 1, 'not before Retry-After');
    clock.advance(51_000);
    await target.waitFor(2, { filter: () => true });
    await attemptsRecorded(2);
    clock.advance(66_000);
    const [first, second, third] = await target.waitFor(3, { filter: () => true, timeoutMs: 15_000 });
    assert.equal(new Set([first!.id, second!.id, third!.id]).size, 1, 'webhook-id stable across retries');
    assert.equal(
      new Set([first!.body, second!.body, third!.body]).size,
      1,
      'identical bytes on every attempt',
    );
    const [delivery] = (
      await eventually(
        () => deliveries(hook.id),
        (r) => r.body[0]?.status === 'delivered',
      )
    ).body;
    assert.deepEqual(
      delivery.attempts.map((a: Body) => a.statusCode),
      [503, 302, 204],
    );
    const [tried, retried] = delivery.attempts as Body[];
    assert.ok(retried.createdAt - tried.createdAt >= 119_000, 'not before Retry-After');
    assert.match(delivery.attempts[1].error, /redirect/);
  });

  it('records every attempt as an audit log, counts it in the stats, and redelivers on demand', async () => {
    const target = await receiver();
    target.behave({ status: 200, body: 'receiver-private-body' });
    const hook = await createHook(t, target.url, ['OrganizationScope.Created']);
    await fire(t, [{ event: 'OrganizationScope.Created', payload: { data: { id: 'os1', name: 'read' } } }]);
    const [request] = await target.waitFor(1);
    const logs = await eventually(
      () => t.api<Body>('GET', `/hooks/${hook.id}/recent-logs`),
      (r) => r.body.length === 1,
    );
    const [log] = logs.body;
    assert.equal(log.key, 'TriggerHook.OrganizationScope.Created');
    assert.equal(log.payload.result, 'Success');
    assert.equal(log.payload.hookId, hook.id);
    assert.deepEqual(log.payload.hookRequest.body, request!.json);
    // Members in the order the receiver got them (jsonb would sort "event" before "hookId").
    assert.equal(JSON.stringify(log.payload.hookRequest.body), request!.body);
    assert.deepEqual(log.payload.response, { statusCode: 200 });
    const viaLogs = await t.api<Body>('GET', `/logs/${log.id}`);
    assert.deepEqual(viaLogs.body.payload, log.payload);
    const listedLogs = await t.api<Body>('GET', '/logs?key=TriggerHook.*&page_size=100');
    assert.deepEqual(listedLogs.body.find((l: Body) => l.id === log.id).payload, log.payload);
    assert.doesNotMatch(JSON.stringify(logs.body), /receiver-private-body/);
    assert.equal(logs.headers.get('total-number'), '1');

    const listed = await t.api<Body>('GET', '/hooks?page_size=100&includeExecutionStats=true');
    const stats = listed.body.find((h: Body) => h.id === hook.id).executionStats;
    assert.deepEqual(stats, { requestCount: 1, successCount: 1 });

    const [delivery] = (await deliveries(hook.id)).body;
    const redelivered = await t.api<Body>('POST', `/hooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
    assert.equal(redelivered.status, 202);
    const [, again] = await target.waitFor(2);
    assert.equal(again!.id, request!.id);
    assert.equal(again!.body, request!.body);
    const after = await eventually(
      () => deliveries(hook.id),
      (r) => r.body[0].attempts.length === 2,
    );
    assert.equal(after.body[0].status, 'delivered');
    const missing = await t.api('POST', `/hooks/${hook.id}/deliveries/msg_unknown/redeliver`);
    assert.equal(missing.status, 404);
  });
});
