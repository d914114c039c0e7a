// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  activeCustomizer,
  customizerKeys,
  removeCustomizer,
  putCustomizer,
} from '../../src/impersonation/jwt-customizers.service.js';
import type { Storage } from '../../src/storage/database.js';
import { backend } from '../support/databases.js';
import { openTestStorage, type TestStorage } from '../support/storage.js';

// Every token request asks for the active script; the cache in front of it is read under load.
describe(`the active custom-claims script on ${backend}`, () => {
  let opened: TestStorage;
  let storage: Storage;
  const key = customizerKeys['access-token'];
  const script = 'async function getCustomJwtClaims() { return { a: 1 }; }';

  before(async () => {
    opened = await openTestStorage();
    storage = opened.storage;
  });
  after(() => opened.close());

  it('is read once for the requests that find it missing at the same time', async () => {
    await putCustomizer(storage.db, 'access-token', { script });
    const seen = await Promise.all(Array.from({ length: 8 }, () => activeCustomizer(storage.db, key)));
    assert.equal(seen[0]?.script, script);
    // One read answers all: each read of the row would parse an object of its own.
    for (const value of seen) assert.equal(value, seen[0]);
  });

  it('is read again at once after a write through this instance', async () => {
    await putCustomizer(storage.db, 'access-token', { script });
    assert.equal((await activeCustomizer(storage.db, key))?.script, script);
    await removeCustomizer(storage.db, 'access-token');
    assert.equal(await activeCustomizer(storage.db, key), undefined);
    const changed = `${script}\n// changed`;
    await putCustomizer(storage.db, 'access-token', { script: changed });
    assert.equal((await activeCustomizer(storage.db, key))?.script, changed);
  });
});
