// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAdapterFactory } from '../../src/oidc/adapter.js';
import type { Storage } from '../../src/storage/database.js';
import { backend } from '../support/databases.js';
import { openTestStorage, type TestStorage } from '../support/storage.js';

describe(`oidc-provider adapter on ${backend}`, () => {
  let opened: TestStorage;
  let storage: Storage;
  let adapterFor: ReturnType<typeof createAdapterFactory>;

  before(async () => {
    opened = await openTestStorage();
    storage = opened.storage;
    adapterFor = createAdapterFactory(storage.db);
  });
  after(() => opened.close());

  it('stores, finds, overwrites and destroys a model by id', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert('s1', { accountId: 'u1', uid: 'uid-1' }, 60);
    assert.deepEqual(await sessions.find('s1'), { accountId: 'u1', uid: 'uid-1' });
    assert.deepEqual(await sessions.findByUid('uid-1'), { accountId: 'u1', uid: 'uid-1' });
    await sessions.upsert('s1', { accountId: 'u2', uid: 'uid-1' }, 60);
    assert.equal((await sessions.find('s1'))?.accountId, 'u2');
    assert.equal(await adapterFor('Interaction').find('s1'), undefined, 'models do not see each other');
    await sessions.destroy('s1');
    assert.equal(await sessions.find('s1'), undefined);
  });

  it('hides expired records', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('expired', { grantId: 'g0' }, -1);
    assert.equal(await codes.find('expired'), undefined);
  });

  it('marks a record consumed', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    const found = await codes.find('c1');
    assert.equal(typeof found?.consumed, 'number');
  });

  it('revokes every record of a grant, the grant included', async () => {
    await adapterFor('Grant').upsert('g2', { accountId: 'u1' }, 60);
    await adapterFor('RefreshToken').upsert('r2', { grantId: 'g2' }, 60);
    await adapterFor('AuthorizationCode').upsert('c2', { grantId: 'g2' }, 60);
    await adapterFor('RefreshToken').upsert('r3', { grantId: 'other' }, 60);
    await adapterFor('RefreshToken').revokeByGrantId('g2');
    assert.equal(await adapterFor('Grant').find('g2'), undefined);
    assert.equal(await adapterFor('RefreshToken').find('r2'), undefined);
    assert.equal(await adapterFor('AuthorizationCode').find('c2'), undefined);
    assert.ok(await adapterFor('RefreshToken').find('r3'));
  });

  it('finds a device code by user code', async () => {
    const deviceCodes = adapterFor('DeviceCode');
    await deviceCodes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    assert.equal((await deviceCodes.findByUserCode('ABCD-EFGH'))?.userCode, 'ABCD-EFGH');
  });

  it('reads clients from the applications table', async () => {
    const clients = adapterFor('Client');
    assert.equal(await clients.find('nope'), undefined);
    await storage.db
      .insertInto('applications')
      .values({
        id: 'spa1',
        name: 'SPA',
        description: null,
        type: 'SPA',
        secret: 'unused',
        oidc_client_metadata: JSON.stringify({
          redirectUris: ['http://127.0.0.1/cb'],
          postLogoutRedirectUris: [],
        }),
        custom_client_metadata: '{}',
        custom_data: '{}',
      })
      .execute();
    const client = await clients.find('spa1');
    assert.equal(client?.token_endpoint_auth_method, 'none');
    assert.equal(client?.client_secret, undefined, 'a public client has no secret');
  });
});
