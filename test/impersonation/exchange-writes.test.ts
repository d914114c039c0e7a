import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { consumeSubjectToken, logExchange } from '../../src/impersonation/exchange-writes.repository.js';
import type { Storage } from '../../src/storage/database.js';
import { newId } from '../../src/storage/ids.js';
import { backend } from '../support/databases.js';
import { openTestStorage, type TestStorage } from '../support/storage.js';

// The statement that consumes an instance's concurrent subject tokens also appends the audit
// records of exchanges that issued their token: one group, one commit, each part answered alone.
describe(`grouped exchange writes on ${backend}`, () => {
  let opened: TestStorage;
  let storage: Storage;
  const userId = `usr_${newId()}`;

  before(async () => {
    opened = await openTestStorage();
    storage = opened.storage;
    await sql`INSERT INTO users (id, username) VALUES (${userId}, ${userId})`.execute(storage.db);
  });
  after(() => opened.close());

  const storeToken = async () => {
    const tokenHash = newId(64);
    await sql`INSERT INTO subject_tokens (id, token_hash, user_id, expires_at)
              VALUES (${`sub_${newId()}`}, ${tokenHash}, ${userId}, now() + interval '1 minute')`.execute(
      storage.db,
    );
    return tokenHash;
  };
  const redeem = (tokenHash: string) =>
    consumeSubjectToken(storage.db, { tokenHash, resourceId: 'none', scopes: [], withContext: true });
  const logged = async (key: string) => {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM logs WHERE key = ${key}`.execute(
      storage.db,
    );
    return Number(rows[0]!.n);
  };

  it('consumes each token once and commits each audit record once, in the same groups', async () => {
    const hashes = await Promise.all([storeToken(), storeToken(), storeToken()]);
    const key = `Test.${newId()}`;
    const results = await Promise.all([
      ...hashes.map(redeem),
      redeem(hashes[0]!),
      ...hashes.map(() => logExchange(storage.db, { key, userId, payload: { result: 'Success' } })),
    ]);
    const consumed = results.slice(0, 4);
    assert.deepEqual(
      consumed.map((row) => row !== undefined),
      [true, true, true, false],
      'the same token twice: one wins',
    );
    assert.equal(consumed[0]!.claimsContext?.id, userId, 'the script context comes with the consume');
    assert.equal(await logged(key), 3);
  });

  it('a part that fails the group fails alone: the other consumes and records still commit', async () => {
    const hashes = await Promise.all([storeToken(), storeToken(), storeToken(), storeToken()]);
    const key = `Test.${newId()}`;
    // jsonb refuses the NUL escape, so this record fails whichever statement carries it.
    const unstorable = { key, userId, payload: { result: 'Success', note: 'a\u0000b' } };
    // The first two go out at once, each alone (two statements in flight); the rest wait and go together.
    const outcomes = await Promise.allSettled([
      redeem(hashes[0]!),
      redeem(hashes[1]!),
      logExchange(storage.db, unstorable),
      redeem(hashes[2]!),
      logExchange(storage.db, { key, userId, payload: { result: 'Success' } }),
      redeem(hashes[3]!),
    ]);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled'],
    );
    for (const index of [0, 1, 3, 5]) {
      const outcome = outcomes[index]!;
      assert.ok(outcome.status === 'fulfilled' && outcome.value !== undefined, `token ${index} consumed`);
    }
    assert.equal(await logged(key), 1);
  });
});
