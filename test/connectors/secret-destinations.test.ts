import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { newId } from '../../src/storage/ids.js';
import { expectStatus } from '../experience/journeys.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A real SMTP server that accepts any AUTH and records the credentials it was given. */
async function startCredentialRecorder() {
  const logins: { user: string; pass: string }[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, logins };
}

/**
 * Issue #24, finding 6: a console user who only ever reads secrets masked must not be able to
 * make the service send a stored secret to an address of their choosing, by a test send or by
 * saving a new endpoint, issuer or host while leaving the secret out.
 */
describe('a stored connector secret never follows a new destination', async () => {
  const t = await startTestService();
  const provider = await startWebhookReceiver('/send');
  const thief = await startWebhookReceiver('/steal');
  after(() => provider.close());
  after(() => thief.close());
  const stolen = (secret: string) => thief.requests.filter((r) => r.headers.authorization === secret);

  it('a test send to a new endpoint without the secret: 400, nothing reaches that endpoint', async () => {
    const secret = `Bearer provider-${newId(12)}`;
    expectStatus(
      await t.api('POST', '/connectors', {
        connectorId: 'http-email',
        config: { endpoint: provider.url, authorization: secret },
      }),
      200,
    );
    for (const authorization of [undefined, '******']) {
      const answer = await t.api('POST', '/connectors/http-email/test', {
        email: 'probe@example.com',
        config: { endpoint: thief.url, authorization },
      });
      // The send (if any) is over when the answer comes: the receiver has recorded it.
      assert.deepEqual(stolen(secret), [], 'the stored credential reached the new endpoint');
      const refused = expectStatus(answer, 400, 'connector.secret_required');
      assert.deepEqual(refused.data, { secrets: ['authorization'], changed: ['endpoint'] });
      assert.doesNotMatch(JSON.stringify(refused), /provider-/);
    }
    assert.equal(thief.requests.length, 0);

    // The secret cleared or typed anew: the test goes out with exactly that.
    const cleared = { endpoint: thief.url, authorization: '' };
    const typed = { endpoint: thief.url, authorization: 'Bearer typed-for-thief' };
    for (const config of [cleared, typed]) {
      const email = `probe.${newId(6)}@example.com`;
      expectStatus(await t.api('POST', '/connectors/http-email/test', { email, config }), 204);
      const [request] = await thief.waitFor(1, { filter: (r) => r.json?.to === email });
      assert.equal(request!.headers.authorization, config.authorization || undefined);
    }
    assert.deepEqual(stolen(secret), []);

    // Unchanged endpoint: the saved secret is still used, as the console relies on.
    const email = `same.${newId(6)}@example.com`;
    const config = { endpoint: provider.url, authorization: '******' };
    expectStatus(await t.api('POST', '/connectors/http-email/test', { email, config }), 204);
    const [request] = await provider.waitFor(1, { filter: (r) => r.json?.to === email });
    assert.equal(request!.headers.authorization, secret);
  });

  it('PATCH of a message connector with a new endpoint keeps no stored secret', async () => {
    const secret = `Bearer sms-${newId(12)}`;
    const created = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'http-sms',
        config: { endpoint: provider.url, authorization: secret },
      }),
      200,
    );
    for (const config of [{ endpoint: thief.url }, { ...created.config, endpoint: thief.url }]) {
      expectStatus(
        await t.api('PATCH', `/connectors/${created.id}`, { config }),
        400,
        'connector.secret_required',
      );
    }
    const unchanged = expectStatus(await t.api<Json>('GET', `/connectors/${created.id}`), 200);
    assert.equal(unchanged.config.endpoint, provider.url);

    const moved = expectStatus(
      await t.api<Json>('PATCH', `/connectors/${created.id}`, {
        config: { endpoint: thief.url, authorization: '' },
      }),
      200,
    );
    assert.equal(moved.config.endpoint, thief.url);
    assert.equal(moved.config.authorization, '', 'cleared, not kept');
    const phone = `1555${String(Date.now()).slice(-7)}`;
    expectStatus(await t.api('POST', '/connectors/http-sms/test', { phone, config: moved.config }), 204);
    const [request] = await thief.waitFor(1, { filter: (r) => r.json?.to === phone });
    assert.equal(request!.headers.authorization, undefined);
    assert.deepEqual(stolen(secret), []);
  });

  it('an SMTP password goes to no other host or port, by test send or PATCH', async () => {
    const rogue = await startCredentialRecorder();
    const password = `smtp-${newId(12)}`;
    const created = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'simple-mail-transfer-protocol',
        config: {
          host: 'smtp.provider.test',
          port: 587,
          auth: { user: 'mailer', pass: password },
          fromEmail: 'codes@tessera.test',
        },
      }),
      200,
    );
    const rogueConfig = { ...created.config, host: '127.0.0.1', port: rogue.port };
    const probe = await t.api('POST', '/connectors/simple-mail-transfer-protocol/test', {
      email: 'probe@example.com',
      config: rogueConfig,
    });
    assert.deepEqual(rogue.logins, [], 'the stored password reached another server');
    expectStatus(probe, 400, 'connector.secret_required');
    expectStatus(
      await t.api('PATCH', `/connectors/${created.id}`, { config: rogueConfig }),
      400,
      'connector.secret_required',
    );
    expectStatus(
      await t.api('PATCH', `/connectors/${created.id}`, { config: { ...created.config, port: 2525 } }),
      400,
      'connector.secret_required',
    );
    // A password typed for the new server is what that server gets.
    const typed = { ...rogueConfig, auth: { user: 'mailer', pass: 'typed-password' } };
    expectStatus(
      await t.api('POST', '/connectors/simple-mail-transfer-protocol/test', {
        email: 'probe@example.com',
        config: typed,
      }),
      204,
    );
    assert.deepEqual(rogue.logins, [{ user: 'mailer', pass: 'typed-password' }]);
  });

  it('PATCH of a social connector with a new issuer or token endpoint keeps no stored secret', async () => {
    const secret = `social-${newId(12)}`;
    const oidc = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'oidc',
        config: { issuer: 'https://idp.provider.test', clientId: 'web', clientSecret: secret },
        metadata: { target: `oidc-${newId(6).toLowerCase()}` },
      }),
      200,
    );
    expectStatus(
      await t.api('PATCH', `/connectors/${oidc.id}`, {
        config: { ...oidc.config, issuer: 'https://idp.attacker.test' },
      }),
      400,
      'connector.secret_required',
    );
    // The issuer unchanged: the masked secret keeps the stored one.
    expectStatus(
      await t.api('PATCH', `/connectors/${oidc.id}`, { config: { ...oidc.config, scope: 'openid' } }),
      200,
    );

    const oauth = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'oauth2',
        config: {
          authorizationEndpoint: 'https://idp.provider.test/authorize',
          tokenEndpoint: 'https://idp.provider.test/token',
          userInfoEndpoint: 'https://idp.provider.test/userinfo',
          clientId: 'web',
          clientSecret: secret,
        },
        metadata: { target: `oauth-${newId(6).toLowerCase()}` },
      }),
      200,
    );
    expectStatus(
      await t.api('PATCH', `/connectors/${oauth.id}`, {
        config: { ...oauth.config, tokenEndpoint: 'https://idp.attacker.test/token' },
      }),
      400,
      'connector.secret_required',
    );
    const kept = expectStatus(await t.api<Json>('GET', `/connectors/${oauth.id}`), 200);
    assert.equal(kept.config.tokenEndpoint, 'https://idp.provider.test/token');
  });

  it('PATCH of an SSO connector with a new issuer keeps no stored secret', async () => {
    const created = expectStatus(
      await t.api<Json>('POST', '/sso-connectors', {
        providerName: 'OIDC',
        connectorName: `Corp ${newId(6)}`,
        config: { issuer: 'https://idp.corp.test', clientId: 'corp', clientSecret: `sso-${newId(12)}` },
      }),
      200,
    );
    for (const config of [
      { ...created.config, issuer: 'https://idp.attacker.test' },
      { issuer: 'https://idp.attacker.test', clientId: 'corp' },
    ]) {
      expectStatus(
        await t.api('PATCH', `/sso-connectors/${created.id}`, { config }),
        400,
        'connector.secret_required',
      );
    }
    const kept = expectStatus(await t.api<Json>('GET', `/sso-connectors/${created.id}`), 200);
    assert.equal(kept.config.issuer, 'https://idp.corp.test');
    const moved = expectStatus(
      await t.api<Json>('PATCH', `/sso-connectors/${created.id}`, {
        config: { issuer: 'https://idp.other.test', clientId: 'corp', clientSecret: 'typed-again' },
      }),
      200,
    );
    assert.equal(moved.config.clientSecret, '******');
  });
});
