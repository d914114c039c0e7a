import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MANAGEMENT_RESOURCE_ID, MANAGEMENT_SCOPE_ID } from '../../src/management/seed.js';
import { startTestService } from '../support/service.js';

interface Resource {
  id: string;
  name: string;
  indicator: string;
  accessTokenTtl: number;
  isDefault: boolean;
  createdAt: number;
}
interface Scope {
  id: string;
  resourceId: string;
  name: string;
  description: string;
  createdAt: number;
}
interface ErrorBody {
  code: string;
  message: string;
}

describe('API resources and scopes', async () => {
  const t = await startTestService();
  let counter = 0;
  const newResource = async (extra: Record<string, unknown> = {}) => {
    const response = await t.api<Resource>('POST', '/resources', {
      name: `API ${++counter}`,
      indicator: `https://api${counter}.example/`,
      ...extra,
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  it('creates, reads, updates and lists resources', async () => {
    const created = await newResource();
    assert.match(created.id, /^[a-z0-9]{21}$/);
    assert.equal(created.accessTokenTtl, 3600);
    assert.equal(created.isDefault, false);
    assert.equal(typeof created.createdAt, 'number');
    assert.deepEqual((await t.api('GET', `/resources/${created.id}`)).body, created);

    const patched = await t.api<Resource>('PATCH', `/resources/${created.id}`, {
      name: 'Renamed',
      accessTokenTtl: 60,
      indicator: created.indicator,
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, 'Renamed');
    assert.equal(patched.body.accessTokenTtl, 60);
    assert.equal(patched.body.indicator, created.indicator);
    const moved = await t.api<ErrorBody>('PATCH', `/resources/${created.id}`, {
      indicator: 'urn:example:moved',
    });
    assert.equal(moved.status, 400, 'the indicator is fixed at creation');
    assert.equal(moved.body.code, 'guard.invalid_input');
    assert.equal(
      (await t.api<Resource>('GET', `/resources/${created.id}`)).body.indicator,
      created.indicator,
    );

    const page = await t.api<Resource[]>('GET', '/resources?page=1&page_size=1');
    assert.equal(page.status, 200);
    assert.equal(page.body.length, 1);
    assert.ok(Number(page.headers.get('total-number')) >= 2);
    const search = await t.api<Resource[]>('GET', '/resources?search=RENAMED');
    assert.deepEqual(
      search.body.map((resource) => resource.id),
      [created.id],
    );
    const management = await t.api<Resource>('GET', `/resources/${MANAGEMENT_RESOURCE_ID}`);
    assert.equal(management.body.indicator, t.config.managementApiIndicator);
  });

  it('keeps at most one default resource with PATCH …/is-default', async () => {
    const [a, b] = [await newResource(), await newResource()];
    const setA = await t.api<Resource>('PATCH', `/resources/${a.id}/is-default`, { isDefault: true });
    assert.equal(setA.status, 200);
    assert.equal(setA.body.isDefault, true);
    await t.api('PATCH', `/resources/${b.id}/is-default`, { isDefault: true });
    const defaults = (await t.api<Resource[]>('GET', '/resources?page_size=100')).body.filter(
      (r) => r.isDefault,
    );
    assert.deepEqual(
      defaults.map((r) => r.id),
      [b.id],
    );
    const cleared = await t.api<Resource>('PATCH', `/resources/${b.id}/is-default`, { isDefault: false });
    assert.equal(cleared.body.isDefault, false);
    for (const [path, body, status] of [
      [`/resources/${a.id}/is-default`, {}, 400],
      [`/resources/${a.id}/is-default`, { isDefault: 'yes' }, 400],
      ['/resources/nope/is-default', { isDefault: true }, 404],
    ] as const) {
      assert.equal((await t.api('PATCH', path, body)).status, status, `${path} ${JSON.stringify(body)}`);
    }
  });

  it('refuses bad resource input', async () => {
    const cases: unknown[] = [
      {},
      { name: 'x' },
      { indicator: 'https://x.example' },
      { name: 'x', indicator: 'not a uri' },
      { name: 'x', indicator: '/relative' },
      { name: 'x', indicator: 'https://x.example/#frag' },
      { name: 'x', indicator: 'https://x.example', accessTokenTtl: 0 },
      { name: 'x', indicator: 'https://x.example', accessTokenTtl: '60' },
      { name: 7, indicator: 'https://x.example' },
    ];
    for (const body of cases) {
      const response = await t.api<ErrorBody>('POST', '/resources', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, 'guard.invalid_input');
    }
    const { id } = await newResource();
    const badPatch = await t.api<ErrorBody>('PATCH', `/resources/${id}`, { accessTokenTtl: -1 });
    assert.equal(badPatch.status, 400);
  });

  it('refuses a duplicate indicator with 422', async () => {
    const first = await newResource();
    const duplicate = await t.api<ErrorBody>('POST', '/resources', {
      name: 'dup',
      indicator: first.indicator,
    });
    assert.equal(duplicate.status, 422);
    assert.equal(duplicate.body.code, 'resource.resource_identifier_in_use');
    const second = await newResource();
    const patch = await t.api<ErrorBody>('PATCH', `/resources/${second.id}`, { indicator: first.indicator });
    assert.equal(patch.status, 400, 'indicators never change, so none can collide');
    const same = await t.api<Resource>('PATCH', `/resources/${second.id}`, { indicator: second.indicator });
    assert.equal(same.status, 200);
  });

  it('answers 404 for unknown resources and deletes resources with their scopes', async () => {
    for (const [method, path, body] of [
      ['GET', '/resources/nope', undefined],
      ['PATCH', '/resources/nope', { name: 'x' }],
      ['DELETE', '/resources/nope', undefined],
      ['GET', '/resources/nope/scopes', undefined],
      ['POST', '/resources/nope/scopes', { name: 'read' }],
      ['PATCH', '/resources/nope/scopes/x', { name: 'read' }],
      ['DELETE', '/resources/nope/scopes/x', undefined],
    ] as const) {
      const response = await t.api<ErrorBody>(method, path, body);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.body.code, 'entity.not_exists_with_id');
    }
    const resource = await newResource();
    await t.api('POST', `/resources/${resource.id}/scopes`, { name: 'read' });
    const deleted = await t.api('DELETE', `/resources/${resource.id}`);
    assert.equal(deleted.status, 204);
    assert.equal((await t.api('GET', `/resources/${resource.id}`)).status, 404);
    const orphans = await t.service.storage.db
      .selectFrom('scopes')
      .select('id')
      .where('resource_id', '=', resource.id)
      .execute();
    assert.deepEqual(orphans, []);
  });

  it('protects the management API resource and its all scope', async () => {
    const deleteResource = await t.api<ErrorBody>('DELETE', `/resources/${MANAGEMENT_RESOURCE_ID}`);
    assert.equal(deleteResource.status, 400);
    assert.equal(deleteResource.body.code, 'resource.cannot_delete_management_api');
    const scopePath = `/resources/${MANAGEMENT_RESOURCE_ID}/scopes/${MANAGEMENT_SCOPE_ID}`;
    for (const [method, path, body] of [
      ['PATCH', `/resources/${MANAGEMENT_RESOURCE_ID}`, { indicator: 'https://elsewhere.example/api' }],
      ['PATCH', `/resources/${MANAGEMENT_RESOURCE_ID}`, { name: 'Renamed' }],
      ['PATCH', `/resources/${MANAGEMENT_RESOURCE_ID}`, { accessTokenTtl: 60 }],
      ['PATCH', `/resources/${MANAGEMENT_RESOURCE_ID}/is-default`, { isDefault: true }],
      ['POST', `/resources/${MANAGEMENT_RESOURCE_ID}/scopes`, { name: 'extra' }],
      ['PATCH', scopePath, { name: 'everything' }],
      ['PATCH', scopePath, { description: 'Everything' }],
      ['DELETE', scopePath, undefined],
    ] as const) {
      const response = await t.api<ErrorBody>(method, path, body);
      assert.equal(response.status, 400, `${method} ${path}`);
      assert.equal(response.body.code, 'resource.cannot_modify_management_api', `${method} ${path}`);
    }
    const scope = await t.api<Scope[]>('GET', `/resources/${MANAGEMENT_RESOURCE_ID}/scopes`);
    assert.deepEqual(
      scope.body.map((s) => s.name),
      ['all'],
    );
    // The management API still works after all these attempts.
    assert.equal((await t.api('GET', '/resources')).status, 200);
  });

  it('creates, lists, updates and deletes scopes', async () => {
    const resource = await newResource();
    const base = `/resources/${resource.id}/scopes`;
    const created = await t.api<Scope>('POST', base, { name: 'read:items', description: 'Read items' });
    assert.equal(created.status, 201);
    assert.equal(created.body.resourceId, resource.id);
    assert.equal(created.body.name, 'read:items');
    assert.equal(created.body.description, 'Read items');
    assert.equal(typeof created.body.createdAt, 'number');
    const bare = await t.api<Scope>('POST', base, { name: 'write:items' });
    assert.equal(bare.body.description, '');

    const list = await t.api<Scope[]>('GET', `${base}?page_size=1`);
    assert.equal(list.status, 200);
    assert.equal(list.body.length, 1);
    assert.equal(list.headers.get('total-number'), '2');

    const patched = await t.api<Scope>('PATCH', `${base}/${created.body.id}`, {
      name: 'read',
      description: null,
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, 'read');
    assert.equal(patched.body.description, '');

    const deleted = await t.api('DELETE', `${base}/${created.body.id}`);
    assert.equal(deleted.status, 204);
    assert.equal((await t.api('DELETE', `${base}/${created.body.id}`)).status, 404);
    const other = await newResource();
    const elsewhere = await t.api('PATCH', `/resources/${other.id}/scopes/${bare.body.id}`, { name: 'x' });
    assert.equal(elsewhere.status, 404, 'a scope is only found under its own resource');
  });

  it('refuses bad and duplicate scope names', async () => {
    const resource = await newResource();
    const base = `/resources/${resource.id}/scopes`;
    for (const body of [
      {},
      { name: '' },
      { name: 'two words' },
      { name: 3 },
      { name: 'x', description: 5 },
    ]) {
      const response = await t.api<ErrorBody>('POST', base, body);
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    await t.api('POST', base, { name: 'read' });
    const write = await t.api<Scope>('POST', base, { name: 'write' });
    const duplicate = await t.api<ErrorBody>('POST', base, { name: 'read' });
    assert.equal(duplicate.status, 422);
    assert.equal(duplicate.body.code, 'scope.name_exists');
    const rename = await t.api<ErrorBody>('PATCH', `${base}/${write.body.id}`, { name: 'read' });
    assert.equal(rename.status, 422);
    assert.equal(rename.body.code, 'scope.name_exists');
    const other = await newResource();
    const sameNameElsewhere = await t.api('POST', `/resources/${other.id}/scopes`, { name: 'read' });
    assert.equal(sameNameElsewhere.status, 201);
  });
});
