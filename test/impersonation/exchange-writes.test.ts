// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
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
    // Two groups commit in parallel, so either redemption of the first token may be the one that wins.
    const [first, second, third, again] = consumed.map((row) => row !== undefined);
    assert.deepEqual([second, third], [true, true], 'each other token is consumed');
    assert.equal(Number(first) + Number(again), 1, 'the same token twice: one wins');
    const winner = consumed[0] ?? consumed[3];
    assert.equal(winner!.claimsContext?.id, userId, 'the script context comes with the consume');
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

  // Planning the statement (its subplans included) costs more than running it for a few tokens,
  // so PostgreSQL must settle on one generic plan. It does when the plan for a run's values is
  // estimated no cheaper; with a row estimate that counted the redemptions, a connection that
  // first ran the statement while most tokens were unspent planned every run anew.
  it('keeps one generic plan when most subject tokens are unspent', async () => {
    const own = await openTestStorage();
    try {
      const db = own.storage.db;
      const user = `usr_${newId()}`;
      const resourceId = `res_${newId()}`;
      await sql`
        WITH account AS (INSERT INTO users (id, username) VALUES (${user}, ${user})),
        resource AS (INSERT INTO resources (id, name, indicator) VALUES (${resourceId}, 'api', ${`https://${resourceId}`})),
        held AS (INSERT INTO scopes (id, resource_id, name) VALUES (${`scp_${resourceId}`}, ${resourceId}, 'a')),
        role AS (INSERT INTO roles (id, name, description) VALUES (${`rol_${resourceId}`}, ${resourceId}, '')),
        granted AS (INSERT INTO roles_scopes (role_id, scope_id) VALUES (${`rol_${resourceId}`}, ${`scp_${resourceId}`}))
        INSERT INTO users_roles (user_id, role_id) VALUES (${user}, ${`rol_${resourceId}`})`.execute(db);
      await sql`INSERT INTO subject_tokens (id, token_hash, user_id, expires_at)
                SELECT 'sub_' || n, md5(n::text), ${user}, now() + interval '1 hour'
                FROM generate_series(1, 20000) AS n`.execute(db);
      await sql`ANALYZE`.execute(db);
      const md5 = (text: string) => createHash('md5').update(text).digest('hex');
      const key = `Test.${newId()}`;
      for (let group = 0; group < 10; group++) {
        await Promise.all(
          [1, 2, 3].map(async (n) => {
            const consumed = await consumeSubjectToken(db, {
              tokenHash: md5(String(group * 3 + n)),
              resourceId,
              scopes: ['a', 'b'],
              withContext: false,
            });
            assert.deepEqual(consumed?.heldScopes, ['a']);
            await logExchange(db, { key, userId: user, payload: { result: 'Success' } });
          }),
        );
      }
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'tessera_exchange_writes'`.execute(
        db,
      );
      assert.ok(rows.length === 1 && Number(rows[0]!.generic_plans) > 0, JSON.stringify(rows));
    } finally {
      await own.close();
    }
  });
});
