import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestService } from '../support/service.js';

interface Application {
  id: string;
  secret: string;
  name: string;
  description: string | null;
  type: string;
  isThirdParty: boolean;
  oidcClientMetadata: { redirectUris: string[]; postLogoutRedirectUris: string[] };
  customClientMetadata: { allowTokenExchange?: boolean; maxAllowedGrants?: number };
  customData: Record<string, unknown>;
  createdAt: number;
}
interface ErrorBody {
  code: string;
  message: string;
}

describe('applications', async () => {
  const t = await startTestService();
  const create = (body: unknown) => t.api<Application & ErrorBody>('POST', '/applications', body);

  it('creates an application with a generated secret and Logto defaults', async () => {
    const before = Date.now();
    const { status, body } = await create({
      name: 'Web',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://app.example/callback'], postLogoutRedirectUris: [] },
    });
    assert.equal(status, 200);
    assert.match(body.id, /^[a-z0-9]{21}$/);
    assert.ok(body.secret.length >= 32);
    assert.equal(body.description, null);
    assert.equal(body.isThirdParty, false);
    // Only what was set is echoed, as Logto does (no added `allowTokenExchange: false`).
    assert.deepEqual(body.customClientMetadata, {});
    assert.deepEqual(body.customData, {});
    assert.deepEqual(body.oidcClientMetadata.redirectUris, ['https://app.example/callback']);
    assert.equal(typeof body.createdAt, 'number');
    assert.ok(body.createdAt >= before - 5000);

    const fetched = await t.api<Application>('GET', `/applications/${body.id}`);
    assert.equal(fetched.status, 200);
    assert.deepEqual(fetched.body, body);
  });

  it('accepts token exchange and a grant limit, and native private-use redirect schemes', async () => {
    const { status, body } = await create({
      name: 'Native',
      type: 'Native',
      description: 'mobile',
      oidcClientMetadata: { redirectUris: ['io.example.app://callback'] },
      customClientMetadata: { allowTokenExchange: true, maxAllowedGrants: 3 },
    });
    assert.equal(status, 200);
    assert.deepEqual(body.customClientMetadata, { allowTokenExchange: true, maxAllowedGrants: 3 });
    assert.deepEqual(body.oidcClientMetadata, {
      redirectUris: ['io.example.app://callback'],
      postLogoutRedirectUris: [],
    });
  });

  it('refuses bad input with 400 guard.invalid_input', async () => {
    const cases: unknown[] = [
      {},
      { name: 'x' },
      { type: 'SPA' },
      { name: 'x', type: 'Desktop' },
      { name: 42, type: 'SPA' },
      { name: '', type: 'SPA' },
      { name: 'x', type: 'SPA', oidcClientMetadata: { redirectUris: ['not a url'] } },
      { name: 'x', type: 'SPA', oidcClientMetadata: { redirectUris: ['javascript:alert(1)'] } },
      { name: 'x', type: 'SPA', oidcClientMetadata: { redirectUris: ['https://a.example/#frag'] } },
      { name: 'x', type: 'SPA', oidcClientMetadata: { postLogoutRedirectUris: ['/relative'] } },
      { name: 'x', type: 'SPA', customClientMetadata: { maxAllowedGrants: 0 } },
      { name: 'x', type: 'SPA', customClientMetadata: { maxAllowedGrants: 1.5 } },
      { name: 'x', type: 'SPA', customClientMetadata: { allowTokenExchange: 'yes' } },
      { name: 'x', type: 'SPA', isThirdParty: 'true' },
      { name: 'x', type: 'SPA', customData: [1] },
    ];
    for (const body of cases) {
      const response = await create(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, 'guard.invalid_input');
    }
  });

  it('refuses token exchange for a third-party application, on create and on update', async () => {
    const refused = await create({
      name: 'Partner',
      type: 'Traditional',
      isThirdParty: true,
      customClientMetadata: { allowTokenExchange: true },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'application.third_party_token_exchange_not_allowed');

    const partner = await create({ name: 'Partner', type: 'Traditional', isThirdParty: true });
    assert.equal(partner.status, 200);
    assert.equal(partner.body.isThirdParty, true);
    const update = await t.api<ErrorBody>('PATCH', `/applications/${partner.body.id}`, {
      customClientMetadata: { allowTokenExchange: true },
    });
    assert.equal(update.status, 422);
    assert.equal(update.body.code, 'application.third_party_token_exchange_not_allowed');
    const unchanged = await t.api<Application>('GET', `/applications/${partner.body.id}`);
    assert.equal(unchanged.body.customClientMetadata.allowTokenExchange, undefined);
  });

  it('updates partially and merges nested metadata', async () => {
    const { body: created } = await create({
      name: 'Before',
      type: 'SPA',
      description: 'first',
      oidcClientMetadata: {
        redirectUris: ['https://a.example/cb'],
        postLogoutRedirectUris: ['https://a.example'],
      },
      customClientMetadata: { maxAllowedGrants: 2 },
    });
    const patched = await t.api<Application>('PATCH', `/applications/${created.id}`, {
      name: 'After',
      oidcClientMetadata: { redirectUris: ['https://b.example/cb'] },
      customClientMetadata: { allowTokenExchange: true },
      customData: { tier: 'gold' },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, 'After');
    assert.equal(patched.body.description, 'first');
    assert.deepEqual(patched.body.oidcClientMetadata, {
      redirectUris: ['https://b.example/cb'],
      postLogoutRedirectUris: ['https://a.example'],
    });
    assert.deepEqual(patched.body.customClientMetadata, { allowTokenExchange: true, maxAllowedGrants: 2 });
    assert.deepEqual(patched.body.customData, { tier: 'gold' });
    assert.equal(patched.body.secret, created.secret);

    const lifted = await t.api<Application>('PATCH', `/applications/${created.id}`, {
      description: null,
      customClientMetadata: { maxAllowedGrants: null },
    });
    assert.equal(lifted.body.description, null);
    assert.deepEqual(lifted.body.customClientMetadata, { allowTokenExchange: true });

    const empty = await t.api<Application>('PATCH', `/applications/${created.id}`, {});
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, lifted.body);

    const bad = await t.api<ErrorBody>('PATCH', `/applications/${created.id}`, { name: '' });
    assert.equal(bad.status, 400);
    const badUri = await t.api<ErrorBody>('PATCH', `/applications/${created.id}`, {
      oidcClientMetadata: { redirectUris: ['nope'] },
    });
    assert.equal(badUri.status, 400);
  });

  it('lists applications with paging, type filter and Total-Number', async () => {
    await create({ name: 'M2M list', type: 'MachineToMachine' });
    const all = await t.api<Application[]>('GET', '/applications?page_size=2');
    assert.equal(all.status, 200);
    assert.equal(all.body.length, 2);
    const total = Number(all.headers.get('total-number'));
    assert.ok(total >= 5);
    const m2m = await t.api<Application[]>('GET', '/applications?types=MachineToMachine');
    assert.ok(m2m.body.every((app) => app.type === 'MachineToMachine'));
    assert.ok(m2m.body.some((app) => app.name === 'M2M list'));
    const searched = await t.api<Application[]>('GET', '/applications?search=m2m%20LIST');
    assert.deepEqual(
      searched.body.map((app) => app.name),
      ['M2M list'],
    );
    const badPage = await t.api<ErrorBody>('GET', '/applications?page=0');
    assert.equal(badPage.status, 400);
    const badType = await t.api<ErrorBody>('GET', '/applications?types=Desktop');
    assert.equal(badType.status, 400);
  });

  it('answers 404 for unknown ids and deletes applications', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.api<ErrorBody>(method, '/applications/nope', body);
      assert.equal(response.status, 404, method);
      assert.equal(response.body.code, 'entity.not_exists_with_id');
    }
    const { body: app } = await create({ name: 'Doomed', type: 'SPA' });
    const deleted = await t.api('DELETE', `/applications/${app.id}`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.body, undefined);
    assert.equal((await t.api('GET', `/applications/${app.id}`)).status, 404);
  });

  it('keeps the console application, which the console signs in through', async () => {
    const refused = await t.api<ErrorBody>('DELETE', '/applications/tessera-console');
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'application.internal_application_violation');
    assert.equal((await t.api('GET', '/applications/tessera-console')).status, 200);
    assert.equal((await t.api('DELETE', '/applications/tessera-account')).status, 422);
  });

  it('lists every management core route, with schemas, in /api/swagger.json', async () => {
    const response = await fetch(`${t.baseUrl}/api/swagger.json`);
    assert.equal(response.status, 200);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const expected: Record<string, string[]> = {
      '/api/applications': ['get', 'post'],
      '/api/applications/{id}': ['delete', 'get', 'patch'],
      '/api/applications/{id}/roles': ['get', 'post'],
      '/api/applications/{id}/roles/{roleId}': ['delete'],
      '/api/resources': ['get', 'post'],
      '/api/resources/{id}': ['delete', 'get', 'patch'],
      '/api/resources/{resourceId}/scopes': ['get', 'post'],
      '/api/resources/{resourceId}/scopes/{scopeId}': ['delete', 'patch'],
      '/api/users': ['get', 'post'],
      '/api/users/{userId}': ['delete', 'get', 'patch'],
      '/api/users/{userId}/custom-data': ['patch'],
      '/api/users/{userId}/profile': ['patch'],
      '/api/users/{userId}/password': ['patch'],
      '/api/users/{userId}/is-suspended': ['patch'],
      '/api/users/{userId}/roles': ['get', 'post'],
      '/api/users/{userId}/roles/{roleId}': ['delete'],
      '/api/roles': ['get', 'post'],
      '/api/roles/{id}': ['delete', 'get', 'patch'],
      '/api/roles/{id}/scopes': ['get', 'post'],
      '/api/roles/{id}/scopes/{scopeId}': ['delete'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      const item = document.paths[path];
      assert.ok(item, `${path} is documented`);
      for (const method of methods) {
        assert.ok(item[method], `${method} ${path} is documented`);
        assert.ok(Object.keys(item[method]!.responses).length > 1, `${method} ${path} lists its responses`);
      }
    }
    const createUser = document.paths['/api/users']!.post!;
    assert.ok(createUser.requestBody, 'request bodies are described');
    assert.ok(!JSON.stringify(document).includes('password_hash'));
  });
});
