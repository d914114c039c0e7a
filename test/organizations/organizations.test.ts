import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createOrganization,
  patchOrganization,
  removeOrganization,
} from '../../src/organizations/organizations.service.js';
import { startTestService } from '../support/service.js';
import { runRecorded } from './fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('organizations', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;

  it('creates an organization with Logto’s shape', async () => {
    const before = Date.now();
    const res = await t.api<Any>('POST', '/organizations', {
      name: 'Acme',
      description: 'Rockets',
      customData: { tier: 'gold' },
    });
    assert.equal(res.status, 201);
    assert.match(res.body.id, /^[a-z0-9]{21}$/);
    assert.deepEqual(
      { ...res.body, id: undefined, createdAt: undefined },
      {
        id: undefined,
        name: 'Acme',
        description: 'Rockets',
        customData: { tier: 'gold' },
        isMfaRequired: false,
        branding: {},
        color: {},
        customCss: null,
        createdAt: undefined,
      },
    );
    assert.ok(res.body.createdAt >= before - 1000 && res.body.createdAt <= Date.now() + 1000);

    const minimal = await t.api<Any>('POST', '/organizations', { name: 'Minimal' });
    assert.equal(minimal.status, 201);
    assert.equal(minimal.body.description, null);
    assert.deepEqual(minimal.body.customData, {});
  });

  it('refuses bad bodies with guard.invalid_input', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: 42 },
      { name: 'x', customData: [] },
      { name: 'x', description: 3 },
    ]) {
      const res = await t.api<Any>('POST', '/organizations', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'guard.invalid_input');
    }
  });

  it('gets, lists with paging and search, patches and deletes', async () => {
    const created = await Promise.all(
      ['Search Alpha', 'Search Beta', 'Search Gamma'].map(
        async (name) => (await t.api<Any>('POST', '/organizations', { name })).body,
      ),
    );
    const got = await t.api<Any>('GET', `/organizations/${created[0].id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, created[0]);

    const page = await t.api<Any>('GET', '/organizations?q=search&page=1&page_size=2');
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('total-number'), '3');
    assert.equal(page.body.length, 2);
    const rest = await t.api<Any>('GET', '/organizations?search=SEARCH&page=2&page_size=2');
    assert.equal(rest.body.length, 1);
    const seen = [...page.body, ...rest.body].map((o: Any) => o.id).sort();
    assert.deepEqual(seen, created.map((o) => o.id).sort());
    const literal = await t.api<Any>('GET', '/organizations?q=%25');
    assert.equal(literal.headers.get('total-number'), '0', '% is not a wildcard');

    const patched = await t.api<Any>('PATCH', `/organizations/${created[1].id}`, {
      description: 'now described',
      customData: { a: 1 },
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body, { ...created[1], description: 'now described', customData: { a: 1 } });
    const cleared = await t.api<Any>('PATCH', `/organizations/${created[1].id}`, { description: null });
    assert.equal(cleared.body.description, null);
    assert.equal(cleared.body.name, 'Search Beta');

    const deleted = await t.api('DELETE', `/organizations/${created[2].id}`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.body, undefined);
    assert.equal((await t.api('GET', `/organizations/${created[2].id}`)).status, 404);
  });

  it('answers 404 entity.not_exists_with_id for unknown ids', async () => {
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await t.api<Any>(method, '/organizations/nope', body);
      assert.equal(res.status, 404, method);
      assert.equal(res.body.code, 'entity.not_exists_with_id');
    }
  });

  it('refuses page sizes out of range', async () => {
    assert.equal((await t.api('GET', '/organizations?page_size=0')).status, 400);
    assert.equal((await t.api('GET', '/organizations?page=abc')).status, 400);
  });

  it('emits Organization.Created / Data.Updated with the exact webhook shape, Deleted with null', async () => {
    const created = await runRecorded(db, (trx, events) =>
      createOrganization(trx, events, { name: 'Hooked', customData: { k: 'v' } }),
    );
    const id = created.result.id;
    assert.deepEqual(created.events, [
      {
        event: 'Organization.Created',
        payload: {
          data: { id, name: 'Hooked', customData: { k: 'v' }, createdAt: created.result.createdAt },
        },
      },
    ]);
    assert.equal(typeof created.result.createdAt, 'number');

    const updated = await runRecorded(db, (trx, events) =>
      patchOrganization(trx, events, id, { description: 'desc' }),
    );
    assert.deepEqual(updated.events, [
      {
        event: 'Organization.Data.Updated',
        payload: {
          data: {
            id,
            name: 'Hooked',
            customData: { k: 'v' },
            createdAt: created.result.createdAt,
            description: 'desc',
          },
        },
      },
    ]);

    const deleted = await runRecorded(db, (trx, events) => removeOrganization(trx, events, id));
    assert.deepEqual(deleted.events, [{ event: 'Organization.Deleted', payload: { data: null } }]);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await fetch(`${t.baseUrl}/api/swagger.json`);
    const doc = (await res.json()) as Any;
    for (const path of [
      '/api/organizations',
      '/api/organizations/{id}',
      '/api/organizations/{id}/users',
      '/api/organizations/{id}/users/{userId}',
      '/api/organizations/{id}/users/{userId}/roles',
      '/api/organizations/{id}/applications',
      '/api/organizations/{id}/applications/{applicationId}',
      '/api/organization-roles',
      '/api/organization-roles/{id}',
      '/api/organization-roles/{id}/scopes',
      '/api/organization-roles/{id}/scopes/{organizationScopeId}',
      '/api/organization-scopes',
      '/api/organization-scopes/{id}',
      '/api/organization-invitations',
      '/api/organization-invitations/{id}',
      '/api/organization-invitations/{id}/status',
    ]) {
      assert.ok(doc.paths[path], path);
    }
    assert.ok(doc.paths['/api/organizations'].post.requestBody);
    assert.ok(doc.paths['/api/organizations/{id}/users'].put.responses['204']);
    assert.ok(doc.paths['/api/organization-invitations/{id}/status'].put.responses['422']);
  });
});
