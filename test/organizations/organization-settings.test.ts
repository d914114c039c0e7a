import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { provisionByEmail } from '../../src/organizations/jit.service.js';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { insertUsers } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('organization settings, JIT roles and invitation e-mails', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const unique = (prefix: string) => `${prefix}-${newId(8)}`;
  const newOrganization = async (extra: object = {}) =>
    (await t.api<Any>('POST', '/organizations', { name: 'Org', ...extra })).body;
  const newRole = async () =>
    (await t.api<Any>('POST', '/organization-roles', { name: unique('role') })).body as {
      id: string;
      name: string;
    };

  it('keeps branding, colour, custom CSS and isMfaRequired round-trip; refuses bad values', async () => {
    const branding = {
      logoUrl: 'https://cdn.example.com/logo.png',
      darkFavicon: 'https://cdn.example.com/f.ico',
    };
    const created = await t.api<Any>('POST', '/organizations', {
      name: 'Branded',
      isMfaRequired: true,
      branding,
      color: { primaryColor: '#5d34f2', isDarkModeEnabled: false },
      customCss: '.logo { width: 2rem; }',
    });
    assert.equal(created.status, 201);
    const read = await t.api<Any>('GET', `/organizations/${created.body.id}`);
    assert.equal(read.body.isMfaRequired, true);
    assert.deepEqual(read.body.branding, branding);
    assert.deepEqual(read.body.color, { primaryColor: '#5d34f2', isDarkModeEnabled: false });
    assert.equal(read.body.customCss, '.logo { width: 2rem; }');
    const patched = await t.api<Any>('PATCH', `/organizations/${created.body.id}`, {
      isMfaRequired: false,
      customData: { plan: 'pro' },
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(
      [patched.body.isMfaRequired, patched.body.branding, patched.body.customData],
      [false, branding, { plan: 'pro' }],
    );
    // Logto takes any URL for a logo; every http(s) one is taken here (see docs/compatibility.md).
    const anyWebUrl = {
      logoUrl: 'http://localhost:3000/logo.png',
      darkLogoUrl: 'https://cdn.example.com:8443/assets/logo%20dark.svg?v=2#x',
      favicon: 'http://127.0.0.1/favicon.ico',
      darkFavicon: 'https://bücher.example/f.ico',
    };
    const urls = await t.api<Any>('PATCH', `/organizations/${created.body.id}`, { branding: anyWebUrl });
    assert.equal(urls.status, 200, JSON.stringify(urls.body));
    assert.deepEqual(urls.body.branding, anyWebUrl);
    for (const body of [
      { name: 'x', branding: { logoUrl: 'javascript:alert(1)' } },
      { name: 'x', branding: { unknown: 'https://a.example' } },
      { name: 'x', color: { primaryColor: 'red' } },
      { name: 'x', isMfaRequired: 'yes' },
    ]) {
      const res = await t.api<Any>('POST', '/organizations', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'guard.invalid_input');
    }
  });

  it('lists organizations with usersCount and featuredUsers only when showFeatured is set', async () => {
    const name = unique('featured');
    const org = await newOrganization({ name });
    const users = await insertUsers(db, 4);
    await t.api('POST', `/organizations/${org.id}/users`, { userIds: users });
    const plain = await t.api<Any>('GET', `/organizations?q=${name}`);
    assert.equal(plain.body[0].usersCount, undefined);
    const featured = await t.api<Any>('GET', `/organizations?q=${name}&showFeatured=true`);
    assert.equal(featured.status, 200);
    assert.equal(featured.body[0].usersCount, 4);
    assert.equal(featured.body[0].featuredUsers.length, 3);
    assert.deepEqual(Object.keys(featured.body[0].featuredUsers[0]).sort(), ['avatar', 'id', 'name']);
    const empty = await newOrganization({ name: unique('empty') });
    const none = await t.api<Any>('GET', `/organizations?q=${empty.name}&showFeatured=1`);
    assert.deepEqual([none.body[0].usersCount, none.body[0].featuredUsers], [0, []]);
  });

  it('JIT roles: POST, GET paged, DELETE; provisioned members get them', async () => {
    const org = await newOrganization();
    const [r1, r2] = [await newRole(), await newRole()];
    const base = `/organizations/${org.id}/jit/roles`;
    assert.equal((await t.api('POST', base, { organizationRoleIds: [r1.id, r2.id] })).status, 201);
    const page = await t.api<Any>('GET', `${base}?page=1&page_size=1`);
    assert.equal(page.headers.get('total-number'), '2');
    assert.equal(page.body.length, 1);
    assert.equal((await t.api('DELETE', `${base}/${r2.id}`)).status, 204);
    const gone = await t.api<Any>('DELETE', `${base}/${r2.id}`);
    assert.equal(gone.status, 404);
    for (const body of [{}, { organizationRoleIds: [] }, { organizationRoleIds: 'x' }]) {
      assert.equal((await t.api('POST', base, body)).status, 400, JSON.stringify(body));
    }
    const ghost = await t.api<Any>('POST', base, { organizationRoleIds: ['ghost-role'] });
    assert.equal(ghost.status, 422);
    assert.equal(ghost.body.code, 'entity.relation_foreign_key_not_found');
    assert.equal(
      (await t.api('POST', '/organizations/ghost/jit/roles', { organizationRoleIds: [r1.id] })).status,
      404,
    );

    const domain = `${newId(6)}.example`;
    assert.equal(
      (await t.api('POST', `/organizations/${org.id}/jit/email-domains`, { emailDomain: domain })).status,
      201,
    );
    const [user] = await insertUsers(db, 1);
    await db.transaction().execute((trx) => provisionByEmail(trx, user!, `someone@${domain}`));
    const roles = await t.api<Any>('GET', `/organizations/${org.id}/users/${user}/roles`);
    assert.deepEqual(
      roles.body.map((r: Any) => r.id),
      [r1.id],
    );
  });

  it('refuses a JIT e-mail domain the organization already lists (422)', async () => {
    const org = await newOrganization();
    const path = `/organizations/${org.id}/jit/email-domains`;
    assert.equal((await t.api('POST', path, { emailDomain: 'dup.example' })).status, 201);
    const again = await t.api<Any>('POST', path, { emailDomain: 'DUP.example' });
    assert.equal(again.status, 422);
    assert.equal(again.body.code, 'entity.unique_integrity_violation');
    const listed = await t.api<Any>('GET', path);
    assert.deepEqual(listed.body, [{ organizationId: org.id, emailDomain: 'dup.example' }]);
  });

  const receiver = await startWebhookReceiver('/send');
  after(() => receiver.close());
  const connector = await t.api<Any>('POST', '/connectors', {
    connectorId: 'http-email',
    config: {
      endpoint: receiver.url,
      templates: [
        { usageType: 'OrganizationInvitation', subject: 'Join us', content: 'Open {{link}} ({{team}})' },
      ],
    },
  });
  assert.equal(connector.status, 200);
  const org = await newOrganization();
  const invite = (invitee: string, extra: object = {}) =>
    t.api<Any>('POST', '/organization-invitations', {
      invitee,
      organizationId: org.id,
      expiresAt: Date.now() + 3_600_000,
      ...extra,
    });
  const sentTo = (email: string) => receiver.requests.filter((r) => r.json?.to === email);

  it('sends the invitation e-mail when messagePayload is given, and resends with /message', async () => {
    const email = `${newId(6)}@example.com`;
    const link = 'https://app.example.com/invite/abc';
    const created = await invite(email, { messagePayload: { link, team: 'Blue' } });
    assert.equal(created.status, 201);
    const [first] = await receiver.waitFor(1, { filter: (r) => r.json?.to === email });
    assert.equal(first!.json.type, 'OrganizationInvitation');
    assert.equal(first!.json.payload.link, link);
    assert.equal(first!.json.payload.subject, 'Join us');
    assert.equal(first!.json.payload.content, `Open ${link} (Blue)`);

    const resend = await t.api('POST', `/organization-invitations/${created.body.id}/message`, {
      link: `${link}?again`,
    });
    assert.equal(resend.status, 204);
    await receiver.waitFor(2, { filter: (r) => r.json?.to === email });
    assert.equal(sentTo(email)[1]!.json.payload.link, `${link}?again`);

    const silent = `${newId(6)}@example.com`;
    assert.equal((await invite(silent)).status, 201);
    assert.equal((await invite(`${newId(6)}@example.com`, { messagePayload: false })).status, 201);
    assert.equal(sentTo(silent).length, 0);

    const unknown = await t.api<Any>('POST', '/organization-invitations/ghost/message', { link });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'entity.not_exists_with_id');
    const bad = await t.api<Any>('POST', `/organization-invitations/${created.body.id}/message`, {
      link: {},
    });
    assert.equal(bad.status, 400);
  });

  it('keeps no invitation whose e-mail could not be sent (502, the endpoint’s body never shown)', async () => {
    receiver.behave({ status: 500, body: 'secret upstream detail' });
    try {
      const email = `${newId(6)}@example.com`;
      const res = await invite(email, { messagePayload: { link: 'https://app.example.com/i' } });
      assert.equal(res.status, 502);
      assert.equal(res.body.code, 'connector.general_error');
      assert.doesNotMatch(JSON.stringify(res.body), /secret upstream/);
      const listed = await t.api<Any>('GET', `/organization-invitations?invitee=${email}`);
      assert.deepEqual(listed.body, []);
    } finally {
      receiver.behave({ status: 204 });
    }
  });
});
