// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  activeCustomizer,
  customizerKeys,
  removeCustomizer,
  putCustomizer,
} from '../../src/impersonation/jwt-customizers.service.js';
import type { Db, Storage } from '../../src/storage/database.js';
import { shortCache } from '../../src/storage/short-cache.js';
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

// The memo under every per-request lookup (clients, resources, connectors, customizers).
describe(`a short cache on ${backend}`, () => {
  let opened: TestStorage;
  let db: Db;

  before(async () => {
    opened = await openTestStorage();
    db = opened.storage.db;
  });
  after(() => opened.close());

  it('answers a read that a forget overtook, and reads again afterwards', async () => {
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cached = shortCache(async () => {
      reads += 1;
      if (reads === 1) await gate;
      return `value ${reads}`;
    });
    const overtaken = cached(db, 'k');
    cached.forget(db, 'k');
    release();
    assert.equal(await overtaken, 'value 1');
    // The overtaken value was not kept: the next read loads again, and that one is kept.
    assert.equal(await cached(db, 'k'), 'value 2');
    assert.equal(await cached(db, 'k'), 'value 2');
    assert.equal(reads, 2);
  });

  it('keeps hits for its time to live and never a miss unless asked', async () => {
    let reads = 0;
    const missing = shortCache(async () => {
      reads += 1;
      return undefined;
    });
    assert.equal(await missing(db, 'k'), undefined);
    assert.equal(await missing(db, 'k'), undefined);
    assert.equal(reads, 2);

    let hits = 0;
    const brief = shortCache(async () => `hit ${++hits}`, { ttlMs: 30 });
    assert.equal(await brief(db, 'k'), 'hit 1');
    assert.equal(await brief(db, 'k'), 'hit 1');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(await brief(db, 'k'), 'hit 2');
  });

  it('passes a failed read to every caller waiting on it and keeps nothing', async () => {
    let reads = 0;
    const failing = shortCache(async () => {
      reads += 1;
      if (reads === 1) throw new Error('read failed');
      return 'recovered';
    });
    const results = await Promise.allSettled([failing(db, 'k'), failing(db, 'k')]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    assert.equal(await failing(db, 'k'), 'recovered');
    assert.equal(reads, 2);
  });
});
