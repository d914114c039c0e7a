import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startSmtpServer } from '../experience/smtp.js';
import { expectStatus, latestCode, openExperience } from '../experience/journeys.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('message connectors through /api/connectors', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'SPA');
  const receiver = await startWebhookReceiver('/send');
  const smtp = await startSmtpServer();
  after(() => receiver.close());
  after(() => smtp.close());

  const sendCode = async (event: string, identifier: { type: string; value: string }) => {
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: event }), 204);
    const sent = expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    return { call, verificationId: sent.verificationId as string };
  };

  it('lists the factories in Logto shape', async () => {
    const factories = expectStatus(await t.api<Json[]>('GET', '/connector-factories'), 200);
    const ids = factories.map((f: Json) => f.id);
    for (const id of ['simple-mail-transfer-protocol', 'http-email', 'http-sms', 'oidc', 'oauth2']) {
      assert.ok(ids.includes(id), id);
    }
    const sms = factories.find((f: Json) => f.id === 'http-sms');
    assert.equal(sms.type, 'Sms');
    assert.equal(typeof sms.configTemplate, 'string');
    expectStatus(await t.api('GET', '/connector-factories/nope'), 404, 'connector.not_found');
  });

  it('delivers e-mail codes through the HTTP connector; the secret is write-only', async () => {
    const created = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'http-email',
        config: {
          endpoint: receiver.url,
          authorization: 'Bearer s3cret-token',
          templates: [{ usageType: 'Register', subject: 'Welcome', content: 'Code: {{code}}' }],
        },
      }),
      200,
    );
    assert.equal(created.type, 'Email');
    assert.equal(created.config.authorization, '******');
    const read = expectStatus(await t.api<Json>('GET', `/connectors/${created.id}`), 200);
    assert.equal(read.config.authorization, '******');
    assert.doesNotMatch(JSON.stringify(read), /s3cret/);

    // The masked value sent back keeps the stored secret.
    expectStatus(await t.api('PATCH', `/connectors/${created.id}`, { config: read.config }), 200);

    const email = `http.${newId(6)}@example.com`;
    const { call, verificationId } = await sendCode('Register', { type: 'email', value: email });
    const [request] = await receiver.waitFor(1, { filter: (r) => r.json?.to === email });
    assert.equal(request!.headers.authorization, 'Bearer s3cret-token');
    assert.equal(request!.json.type, 'Register');
    assert.equal(request!.json.payload.subject, 'Welcome');
    const code = request!.json.payload.code as string;
    assert.match(code, /^\d{6}$/);
    assert.equal(request!.json.payload.content, `Code: ${code}`);
    const recorded = await t.api<Json[]>('GET', `/messages?recipient=${email}`);
    assert.deepEqual(recorded.body, [], 'the recording connector is not used');
    const verify = { identifier: { type: 'email', value: email }, verificationId, code };
    expectStatus(await call('POST', '/verification/verification-code/verify', verify), 200);
  });

  it('answers 502 when the HTTP endpoint refuses, and never reflects its body', async () => {
    receiver.behave({ status: 500, body: 'internal secret detail' });
    try {
      const { call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
      const identifier = { type: 'email', value: `fail.${newId(6)}@example.com` };
      const failed = expectStatus(
        await call('POST', '/verification/verification-code', { identifier }),
        502,
        'connector.general_error',
      );
      assert.doesNotMatch(JSON.stringify(failed), /secret detail/);
    } finally {
      receiver.behave({ status: 200, body: 'ok' });
    }
  });

  it('delivers phone codes through the HTTP SMS connector', async () => {
    expectStatus(
      await t.api('POST', '/connectors', { connectorId: 'http-sms', config: { endpoint: receiver.url } }),
      200,
    );
    const phone = `1555${String(Date.now()).slice(-7)}`;
    await sendCode('Register', { type: 'phone', value: phone });
    const [request] = await receiver.waitFor(1, { filter: (r) => r.json?.to === phone });
    assert.equal(request!.json.type, 'Register');
    assert.match(request!.json.payload.code, /^\d{6}$/);
    assert.equal(request!.headers.authorization, undefined);
  });

  it('a new e-mail connector replaces the old one; SMTP uses its usage template', async () => {
    const smtpConnector = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'simple-mail-transfer-protocol',
        config: {
          host: '127.0.0.1',
          port: Number(new URL(smtp.url).port),
          auth: { user: 'mailer', pass: 'hunter2-password' },
          fromEmail: 'Tessera <codes@tessera.test>',
          templates: [
            { usageType: 'SignIn', subject: 'Sign in to Tessera', content: 'Sign-in code {{code}}' },
            { usageType: 'Generic', subject: 'A code', content: 'Generic code {{code}}' },
          ],
        },
      }),
      200,
    );
    assert.equal(smtpConnector.config.auth.pass, '******');
    const list = expectStatus(await t.api<Json[]>('GET', '/connectors'), 200);
    const email = list.filter((c: Json) => c.type === 'Email');
    assert.deepEqual(
      email.map((c: Json) => c.connectorId),
      ['simple-mail-transfer-protocol'],
    );

    // The test server offers no AUTH: a connector without credentials sends.
    expectStatus(
      await t.api('PATCH', `/connectors/${smtpConnector.id}`, {
        config: { ...smtpConnector.config, auth: undefined },
      }),
      200,
    );
    const address = `smtp.${newId(6)}@example.com`;
    const user = await t.api<Json>('POST', '/users', { primaryEmail: address });
    assert.equal(user.status, 200, JSON.stringify(user.body));
    await sendCode('SignIn', { type: 'email', value: address });
    const mail = smtp.mails.find((candidate) => candidate.to.some((to) => to.includes(address)));
    assert.ok(mail, 'the SMTP server received the message');
    assert.match(mail.from, /codes@tessera\.test/);
    assert.match(mail.data, /Subject: Sign in to Tessera/);
    assert.match(mail.data, /Sign-in code \d{6}/);
  });

  it('tests a config without saving it', async () => {
    const before = (await t.api<Json[]>('GET', '/connectors')).body.length;
    const phone = `1666${String(Date.now()).slice(-7)}`;
    expectStatus(
      await t.api('POST', '/connectors/http-sms/test', { phone, config: { endpoint: receiver.url } }),
      204,
    );
    const [request] = await receiver.waitFor(1, { filter: (r) => r.json?.to === phone });
    assert.equal(request!.json.type, 'Generic');
    assert.equal((await t.api<Json[]>('GET', '/connectors')).body.length, before);
    expectStatus(
      await t.api('POST', '/connectors/http-sms/test', {
        email: 'a@example.com',
        config: { endpoint: receiver.url },
      }),
      400,
      'connector.unexpected_type',
    );
  });

  it('tests with the saved secret where the config leaves it out or masked', async () => {
    expectStatus(
      await t.api('POST', '/connectors', {
        connectorId: 'http-sms',
        config: { endpoint: receiver.url, authorization: 'Bearer sms-s3cret' },
      }),
      200,
    );
    for (const authorization of ['******', undefined]) {
      const phone = `1888${String(Date.now()).slice(-7)}`;
      expectStatus(
        await t.api('POST', '/connectors/http-sms/test', {
          phone,
          config: { endpoint: receiver.url, authorization },
        }),
        204,
      );
      const [request] = await receiver.waitFor(1, { filter: (r) => r.json?.to === phone });
      assert.equal(request!.headers.authorization, 'Bearer sms-s3cret');
    }
    const phone = `1999${String(Date.now()).slice(-7)}`;
    const config = { endpoint: receiver.url, authorization: 'Bearer typed' };
    expectStatus(await t.api('POST', '/connectors/http-sms/test', { phone, config }), 204);
    const [typed] = await receiver.waitFor(1, { filter: (r) => r.json?.to === phone });
    assert.equal(typed!.headers.authorization, 'Bearer typed', 'a typed secret wins');
  });

  it('describes each factory’s config as form items, secrets marked confidential', async () => {
    const factories = expectStatus(await t.api<Json[]>('GET', '/connector-factories'), 200);
    const items = (id: string) => factories.find((f: Json) => f.id === id).formItems as Json[];
    const confidential = (id: string) =>
      items(id)
        .filter((i: Json) => i.isConfidential)
        .map((i: Json) => i.key);
    assert.deepEqual(confidential('simple-mail-transfer-protocol'), ['auth.pass']);
    assert.deepEqual(confidential('http-email'), ['authorization']);
    assert.deepEqual(confidential('oidc'), ['clientSecret']);
    assert.deepEqual(items('tessera-recording-email'), []);
    const port = items('simple-mail-transfer-protocol').find((i: Json) => i.key === 'port');
    assert.deepEqual([port.type, port.required], ['Number', true]);
  });

  it('refuses an invalid config and an unknown factory', async () => {
    expectStatus(
      await t.api('POST', '/connectors', { connectorId: 'http-email', config: { endpoint: 'ftp://x' } }),
      400,
      'connector.invalid_config',
    );
    expectStatus(
      await t.api('POST', '/connectors', { connectorId: 'nope', config: {} }),
      404,
      'connector.not_found',
    );
    expectStatus(await t.api('GET', '/connectors/nope'), 404, 'entity.not_exists_with_id');
  });

  it('falls back to the recording connector once the SMS connector is deleted', async () => {
    const sms = (await t.api<Json[]>('GET', '/connectors')).body.find((c: Json) => c.type === 'Sms');
    expectStatus(await t.api('DELETE', `/connectors/${sms.id}`), 204);
    const phone = `1777${String(Date.now()).slice(-7)}`;
    await sendCode('Register', { type: 'phone', value: phone });
    assert.match(await latestCode(t, phone), /^\d{6}$/);
  });
});

describe('message connectors and the SSRF guard', async () => {
  const t = await startTestService({ env: { TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' } });
  const receiver = await startWebhookReceiver('/send');
  after(() => receiver.close());

  it('refuses to post to a loopback endpoint unless private networks are allowed', async () => {
    expectStatus(
      await t.api('POST', '/connectors/http-email/test', {
        email: 'a@example.com',
        config: { endpoint: receiver.url },
      }),
      502,
      'connector.general_error',
    );
    assert.equal(receiver.requests.length, 0);
  });
});
