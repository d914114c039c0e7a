import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { isRefusedAddress } from '../../src/webhooks/address-policy.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { eventually, fire, type Body } from './helpers.js';

describe('outbound address policy', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      assert.equal(isRefusedAddress(address), true, address);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111']) {
      assert.equal(isRefusedAddress(address), false, address);
    }
  });
});

describe('outbound address policy, one test per special range', () => {
  // Each range of the maintained list (ipaddr.js range names), with an address inside it.
  const cases: [range: string, address: string][] = [
    ['IPv4-mapped ::ffff:0:0/96', '::ffff:10.0.0.1'],
    ['IPv4-translated ::ffff:0:0:0/96 (RFC 6145)', '::ffff:0:7f00:1'],
    ['IPv4-translated, public address inside', '::ffff:0:5db8:d822'],
    ['NAT64 64:ff9b::/96', '64:ff9b::5db8:d822'],
    ['local NAT64 64:ff9b:1::/48', '64:ff9b:1::a00:1'],
    ['site-local fec0::/10', 'fec0::1'],
    ['6to4 2002::/16 embedding a private IPv4', '2002:a00:1::1'],
    ['6to4 2002::/16 embedding loopback', '2002:7f00:1::'],
    ['unspecified ::/128', '::'],
    ['unspecified, long form', '0:0:0:0:0:0:0:0'],
    ['loopback ::1/128', '0:0:0:0:0:0:0:1'],
    ['IPv4-compatible ::/96', '::7f00:1'],
    ['IPv4-compatible, dotted', '::10.0.0.1'],
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['discard 100::/64', '100::1'],
    ['documentation 2001:db8::/32', '2001:db8::1'],
    ['benchmarking 2001:2::/48', '2001:2::1'],
    ['ORCHIDv2 2001:20::/28', '2001:20::1'],
    ['segment routing 5f00::/16', '5f00::1'],
    ['IPv4 documentation 192.0.2.0/24', '192.0.2.1'],
    ['IPv4 6to4 relay anycast 192.88.99.0/24', '192.88.99.1'],
    ['IPv4 AS112 192.175.48.0/24', '192.175.48.1'],
    ['IPv4 AMT 192.52.193.0/24', '192.52.193.1'],
  ];
  for (const [range, address] of cases) {
    it(`refuses ${range}: ${address}`, () => assert.equal(isRefusedAddress(address), true));
  }

  it('allows public addresses, also inside 6to4 and IPv4-mapped forms', () => {
    for (const address of ['2002:5db8:d822::1', '::ffff:93.184.216.34', '2a00:1450:4001::1']) {
      assert.equal(isRefusedAddress(address), false, address);
    }
  });
});

describe('SSRF refusals without the allow setting', async () => {
  const t = await startTestService({ env: { TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' } });
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());

  it('refuses private and loopback endpoints at configuration time with a clear code', async () => {
    for (const url of [
      receiver.url,
      'http://localhost:8080/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.8/hook',
      'https://192.168.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0.0.0.0:3001/',
    ]) {
      const created = await t.api<Body>('POST', '/hooks', {
        name: 'x',
        events: ['User.Created'],
        config: { url },
      });
      assert.equal(created.status, 400, url);
      assert.equal(created.body.code, 'hook.endpoint_address_not_allowed', url);
      assert.match(created.body.message, /TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS/, 'names the setting');
    }
    const ftp = await t.api<Body>('POST', '/hooks', {
      name: 'x',
      events: ['User.Created'],
      config: { url: 'gopher://127.0.0.1:6379/' },
    });
    assert.equal(ftp.body.code, 'hook.invalid_endpoint_url');
  });

  it('refuses them in updates and in the test route', async () => {
    const hook = (
      await t.api<Body>('POST', '/hooks', {
        name: 'public',
        events: ['User.Created'],
        config: { url: 'http://93.184.216.34/hook' },
      })
    ).body;
    assert.ok(hook.id);
    const patched = await t.api<Body>('PATCH', `/hooks/${hook.id}`, { config: { url: receiver.url } });
    assert.equal(patched.status, 400);
    assert.equal(patched.body.code, 'hook.endpoint_address_not_allowed');
    const tested = await t.api<Body>('POST', `/hooks/${hook.id}/test`, {
      events: ['User.Created'],
      config: { url: receiver.url },
    });
    assert.equal(tested.status, 400);
    assert.equal(tested.body.code, 'hook.endpoint_address_not_allowed');
    assert.equal(receiver.requests.length, 0);
  });

  it('records a refused address at delivery time as a failed attempt, without retrying', async () => {
    // As if the name had resolved to a public address when configured and to loopback now.
    const db = t.service.storage.db;
    const urls = {
      'rebound-literal': receiver.url,
      'rebound-name': receiver.url.replace('127.0.0.1', 'localhost'),
    };
    for (const [id, url] of Object.entries(urls)) {
      await db
        .insertInto('hooks')
        .values({ id, name: id, events: ['User.Created'], url, headers: '{}', signing_key: 'k'.repeat(32) })
        .execute();
    }
    await fire(t, [{ event: 'User.Created', payload: { data: { id: 'u1' } } }]);
    for (const id of Object.keys(urls)) {
      const deliveries = await eventually(
        () => t.api<Body>('GET', `/hooks/${id}/deliveries`),
        (r) => r.body[0]?.status === 'failed',
      );
      const [attempt] = deliveries.body[0].attempts;
      assert.equal(deliveries.body[0].attempts.length, 1);
      assert.equal(attempt.statusCode, null);
      assert.match(attempt.error, /(127\.0\.0\.1|::1).*(private|loopback)/);
      const logs = await t.api<Body>('GET', `/hooks/${id}/recent-logs`);
      assert.equal(logs.body[0].payload.result, 'Error');
      assert.match(logs.body[0].payload.error, /loopback/);
    }
    assert.equal(receiver.requests.length, 0);
  });
});
