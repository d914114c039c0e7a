import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import {
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
} from '../impersonation/fixtures.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createHook } from '../webhooks/helpers.js';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, string | number>;
  events: string[];
  links: { traceId: string; spanId: string }[];
}

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpAttribute = { key: string; value: OtlpValue };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
  events?: { name: string }[];
  links?: { traceId: string; spanId: string }[];
}
interface OtlpRequest {
  resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const attributes = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(
    list.map(({ key, value }) => [key, value.stringValue ?? Number(value.intValue)] as const),
  );

/** A loopback OTLP/HTTP receiver: keeps every span POSTed to /v1/traces as JSON. */
async function startOtlpReceiver() {
  const spans: ExportedSpan[] = [];
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      bodies.push(text);
      const request = JSON.parse(text) as OtlpRequest;
      for (const resource of request.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              attributes: attributes(span.attributes),
              events: (span.events ?? []).map((event) => event.name),
              links: span.links ?? [],
            });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, bodies };
}

/**
 * A JSON POST whose body arrives in a second TCP segment, after the headers: Fastify then reads it
 * in the socket's context, not the request's (the case the `preHandler` re-entry is for).
 */
async function postInTwoParts(
  url: string,
  token: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.flushHeaders();
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => req.end(body.slice(half)), 50);
  });
}

describe('tracing: OpenTelemetry spans exported as OTLP', async () => {
  const otlp = await startOtlpReceiver();
  const t = await startTestService({ env: { TESSERA_OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url } });
  const flush = () => t.service.tracing.flush();
  /** Flushes until a span matching `wanted` has arrived (an attempt's span ends after its send). */
  const exportedSpan = async (wanted: (span: ExportedSpan) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await flush();
      const found = otlp.spans.find(wanted);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('span not exported within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const children = (parent: ExportedSpan) =>
    otlp.spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

  it('traces a management request by its route template and status, with its statements and no parameter values', async () => {
    const token = await t.managementToken();
    const name = `traced-role-${Date.now()}`;
    const created = await postInTwoParts(
      `${t.baseUrl}/api/roles`,
      token,
      JSON.stringify({ name, description: 'a role whose name must not be traced' }),
    );
    assert.equal(created.status, 200, created.text);
    const { id } = JSON.parse(created.text) as { id: string };
    const read = await fetch(`${t.baseUrl}/api/roles/${id}?probe=secret-query`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(read.status, 200);
    await flush();

    const post = otlp.spans.find((span) => span.name === 'POST /api/roles');
    assert.ok(post, `no POST /api/roles span among ${otlp.spans.map((s) => s.name).join(', ')}`);
    assert.equal(post.attributes['http.route'], '/api/roles');
    assert.equal(post.attributes['http.response.status_code'], 200);
    const statements = children(post).filter((span) => span.attributes['db.query.text'] !== undefined);
    assert.ok(
      statements.some((span) => /insert into "roles"/i.test(String(span.attributes['db.query.text']))),
      'the role insert is traced beneath its request',
    );
    const get = otlp.spans.find((span) => span.name === 'GET /api/roles/:id');
    assert.ok(get);
    assert.equal(get.attributes['http.response.status_code'], 200);
    assert.ok(children(get).length > 0, 'the read has its statements beneath it');
    // Neither values, nor the raw URL, nor the token reach the collector.
    const exported = otlp.bodies.join('\n');
    for (const secret of [name, id, 'secret-query', token]) assert.ok(!exported.includes(secret), secret);
  });

  it('traces the token-exchange steps beneath POST /oidc/token, without the tokens', async () => {
    const resource = await createResource(t, ['orders:read']);
    const userId = await createUser(t, [resource.scopeIds['orders:read']!]);
    const m2m = await createApplication(t, 'MachineToMachine');
    const subjectToken = await issueSubjectToken(t, userId);
    const response = await exchange(t.baseUrl, m2m, {
      subject_token: subjectToken,
      resource: resource.indicator,
      scope: 'orders:read',
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    await flush();

    const consume = otlp.spans.find((span) => span.name === 'token_exchange.consume_subject_token');
    assert.ok(consume, 'the consume step has a span');
    const request = otlp.spans.find(
      (span) => span.traceId === consume.traceId && span.name === 'POST /oidc/token',
    );
    assert.ok(request, 'the steps belong to the token request');
    assert.equal(request.attributes['http.response.status_code'], 200);
    const steps = children(request)
      .map((span) => span.name)
      .filter((name) => name.startsWith('token_exchange.'));
    assert.deepEqual(steps.sort(), [
      'token_exchange.check_client',
      'token_exchange.consume_subject_token',
      'token_exchange.grant_scopes',
      'token_exchange.issue_token',
      'token_exchange.log_exchange',
      'token_exchange.read_params',
      'token_exchange.refuse_self_impersonation',
      'token_exchange.resolve_resource',
    ]);
    assert.ok(children(consume).some((span) => span.attributes['db.query.text'] !== undefined));
    const exported = otlp.bodies.join('\n');
    for (const secret of [subjectToken, String(response.body.access_token), m2m.secret, userId])
      assert.ok(!exported.includes(secret));
  });

  it('traces each webhook delivery attempt in its own trace, linked to the request that wrote the event', async () => {
    const receiver = await startWebhookReceiver();
    after(() => receiver.close());
    await createHook(t, receiver.url, ['Role.Created']);
    const created = await fetch(`${t.baseUrl}/api/roles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.managementToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `hooked-role-${Date.now()}`, description: 'fires Role.Created' }),
    });
    assert.equal(created.status, 200);
    const [delivered] = await receiver.waitFor(1);
    const attempt = await exportedSpan(
      (span) =>
        span.name === 'webhook.delivery_attempt' && span.attributes['webhook.delivery_id'] === delivered!.id,
    );
    assert.equal(attempt.parentSpanId, undefined, 'an attempt starts a trace of its own');
    assert.equal(attempt.attributes['webhook.event'], 'Role.Created');
    assert.equal(attempt.attributes['webhook.delivery_status'], 'delivered');
    assert.equal(attempt.attributes['http.response.status_code'], 200);
    const writers = otlp.spans.filter((span) => span.name === 'POST /api/roles');
    const writer = writers.find(
      (span) => attempt.links[0]?.traceId === span.traceId && attempt.links[0]?.spanId === span.spanId,
    );
    assert.ok(writer, `the attempt links to the writing request: ${JSON.stringify(attempt.links)}`);
    assert.notEqual(attempt.traceId, writer.traceId);
    assert.ok(!otlp.bodies.join('\n').includes(receiver.url), 'the receiver URL is not exported');
  });

  it('exports nothing when no endpoint is configured', async () => {
    const quiet = await startOtlpReceiver();
    // Even the SDK's own variable does not turn tracing on: only TESSERA_OTEL_EXPORTER_OTLP_ENDPOINT does.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = quiet.url;
    after(() => delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
    const off = await startTestService();
    assert.equal(off.service.tracing.enabled, false);
    const before = otlp.spans.length;
    const listed = await fetch(`${off.baseUrl}/api/roles`, {
      headers: { authorization: `Bearer ${await off.managementToken()}` },
    });
    assert.equal(listed.status, 200);
    await off.service.tracing.flush();
    await flush();
    await off.stop();
    assert.equal(quiet.bodies.length, 0);
    assert.equal(otlp.spans.length, before, 'the traced service saw none of the other one');
  });
});
