import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';

interface Application {
  id: string;
  name: string;
  type: string;
  isThirdParty: boolean;
  customClientMetadata: Record<string, unknown>;
  customData: Record<string, unknown>;
}
interface ErrorBody {
  code: string;
}

describe('applications as Logto has them', async () => {
  const t = await startTestService();
  let counter = 0;
  const create = (type: string, extra: Record<string, unknown> = {}) =>
    apiOk<Application>(t, 'POST', '/applications', { name: `compat ${type} ${++counter}`, type, ...extra });
  const expectError = async (method: string, path: string, body: unknown, status: number, code: string) => {
    const response = await t.api<ErrorBody>(method, path, body);
    assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.code, code, `${method} ${path}`);
  };

  it('merges custom data with PATCH …/custom-data', async () => {
    const app = await create('SPA', { customData: { a: 1, b: 2 } });
    const merged = await t.api('PATCH', `/applications/${app.id}/custom-data`, { b: 3, c: { d: true } });
    assert.equal(merged.status, 200);
    assert.deepEqual(merged.body, { a: 1, b: 3, c: { d: true } });
    assert.deepEqual((await apiOk<Application>(t, 'GET', `/applications/${app.id}`)).customData, merged.body);
    await expectError('PATCH', `/applications/${app.id}/custom-data`, [1], 400, 'guard.invalid_input');
    await expectError('PATCH', '/applications/nope/custom-data', {}, 404, 'entity.not_exists_with_id');
  });

  it('lists the organizations of an application', async () => {
    const app = await create('MachineToMachine');
    const org = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: `app-org ${++counter}` });
    assert.deepEqual(await apiOk(t, 'GET', `/applications/${app.id}/organizations`), []);
    await apiOk(t, 'POST', `/organizations/${org.id}/applications`, { applicationIds: [app.id] });
    const orgs = await apiOk<Array<{ id: string; organizationRoles: unknown[] }>>(
      t,
      'GET',
      `/applications/${app.id}/organizations`,
    );
    assert.deepEqual(
      orgs.map((o) => [o.id, o.organizationRoles]),
      [[org.id, []]],
    );
    await expectError('GET', '/applications/nope/organizations', undefined, 404, 'entity.not_exists_with_id');
  });

  it('replaces machine-to-machine roles with PUT, refusing other applications and user roles', async () => {
    const role = (type: string) =>
      apiOk<{ id: string }>(t, 'POST', '/roles', { name: `app-role ${++counter}`, description: 'd', type });
    const [r1, r2] = [await role('MachineToMachine'), await role('MachineToMachine')];
    const userRole = await role('User');
    const app = await create('MachineToMachine');
    const held = async () =>
      (await apiOk<Array<{ id: string }>>(t, 'GET', `/applications/${app.id}/roles`)).map((r) => r.id).sort();
    await apiOk(t, 'POST', `/applications/${app.id}/roles`, { roleIds: [r1.id] });
    assert.equal((await t.api('PUT', `/applications/${app.id}/roles`, { roleIds: [r2.id] })).status, 200);
    assert.deepEqual(await held(), [r2.id]);
    await expectError(
      'PUT',
      `/applications/${app.id}/roles`,
      { roleIds: [userRole.id] },
      422,
      'application.invalid_role_type',
    );
    await expectError(
      'PUT',
      `/applications/${app.id}/roles`,
      { roleIds: ['ghost'] },
      404,
      'entity.not_exists_with_id',
    );
    assert.deepEqual(await held(), [r2.id]);
    const spa = await create('SPA');
    await expectError(
      'PUT',
      `/applications/${spa.id}/roles`,
      { roleIds: [r1.id] },
      422,
      'application.invalid_type',
    );
    await expectError(
      'POST',
      `/applications/${spa.id}/roles`,
      { roleIds: [r1.id] },
      422,
      'application.invalid_type',
    );
    // Logto refuses every role route of an application that cannot hold roles, reads included.
    await expectError('GET', `/applications/${spa.id}/roles`, undefined, 422, 'application.invalid_type');
    await expectError(
      'DELETE',
      `/applications/${spa.id}/roles/${r1.id}`,
      undefined,
      422,
      'application.invalid_type',
    );
    await expectError('PUT', '/applications/nope/roles', { roleIds: [] }, 404, 'entity.not_exists_with_id');
    await apiOk(t, 'PUT', `/applications/${app.id}/roles`, { roleIds: [] });
    assert.deepEqual(await held(), []);
  });

  it('filters the list by types, isThirdParty and Logto search', async () => {
    const partner = await create('Traditional', { isThirdParty: true, description: 'filter-partner' });
    const own = await create('Traditional', { description: 'filter-own' });
    const m2m = await create('MachineToMachine', { description: 'filter-m2m' });
    const ids = async (query: string) => {
      const response = await t.api<Application[]>('GET', `/applications?${query}`);
      assert.equal(response.status, 200, query);
      return response.body.map((app) => app.id).sort();
    };
    const search = 'search.description=filter-%25';
    assert.deepEqual(await ids(search), [partner.id, own.id, m2m.id].sort());
    assert.deepEqual(await ids(`${search}&isThirdParty=true`), [partner.id]);
    assert.deepEqual(await ids(`${search}&isThirdParty=false&types=Traditional`), [own.id]);
    assert.deepEqual(
      await ids(`${search}&types=Traditional&types=MachineToMachine&isThirdParty=false`),
      [own.id, m2m.id].sort(),
    );
    assert.deepEqual(await ids(`search=${encodeURIComponent(partner.name)}&mode=exact`), [partner.id]);
    for (const query of ['isThirdParty=maybe', 'search.secret=x', 'mode=fuzzy&search=x']) {
      assert.equal((await t.api('GET', `/applications?${query}`)).status, 400, query);
    }
  });

  it('changes the third-party flag with PATCH, under the same type and token-exchange rules', async () => {
    const app = await create('Traditional', {});
    const patched = await t.api<{ isThirdParty: boolean }>('PATCH', `/applications/${app.id}`, {
      isThirdParty: true,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body.isThirdParty, true);
    assert.equal(
      (await t.api<{ isThirdParty: boolean }>('GET', `/applications/${app.id}`)).body.isThirdParty,
      true,
    );
    const machine = await create('MachineToMachine', {});
    await expectError(
      'PATCH',
      `/applications/${machine.id}`,
      { isThirdParty: true },
      400,
      'application.invalid_third_party_application_type',
    );
    const exchanging = await create('Traditional', { customClientMetadata: { allowTokenExchange: true } });
    await expectError(
      'PATCH',
      `/applications/${exchanging.id}`,
      { isThirdParty: true },
      422,
      'application.third_party_token_exchange_not_allowed',
    );
  });

  it('validates type and flag combinations and keeps Logto client metadata', async () => {
    for (const type of ['MachineToMachine', 'Protected', 'SAML']) {
      await expectError(
        'POST',
        '/applications',
        { name: 'x', type, isThirdParty: true },
        400,
        'application.invalid_third_party_application_type',
      );
    }
    assert.equal((await create('SPA', { isThirdParty: true })).isThirdParty, true);
    const app = await create('Traditional', {
      customClientMetadata: {
        rotateRefreshToken: true,
        refreshTokenTtlInDays: 14,
        corsAllowedOrigins: ['https://a.example'],
      },
    });
    // Echoed as set, nothing added (Logto's behaviour).
    assert.deepEqual(app.customClientMetadata, {
      rotateRefreshToken: true,
      refreshTokenTtlInDays: 14,
      corsAllowedOrigins: ['https://a.example'],
    });
    const patched = await apiOk<Application>(t, 'PATCH', `/applications/${app.id}`, {
      customClientMetadata: { alwaysIssueRefreshToken: true, rotateRefreshToken: false },
    });
    assert.deepEqual(patched.customClientMetadata, {
      rotateRefreshToken: false,
      refreshTokenTtlInDays: 14,
      corsAllowedOrigins: ['https://a.example'],
      alwaysIssueRefreshToken: true,
    });
    for (const customClientMetadata of [
      { refreshTokenTtlInDays: 0 },
      { corsAllowedOrigins: ['not a url'] },
      { idTokenTtl: -1 },
    ]) {
      await expectError(
        'PATCH',
        `/applications/${app.id}`,
        { customClientMetadata },
        400,
        'guard.invalid_input',
      );
    }
  });
});
