// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  insertSubjectTokensWithLogs,
  type SubjectTokenIssue,
} from '../../src/impersonation/subject-token-issue.repository.js';
import type { Storage } from '../../src/storage/database.js';
import { newId } from '../../src/storage/ids.js';
import { backend } from '../support/databases.js';
import { openTestStorage, type TestStorage } from '../support/storage.js';

describe(`subject token issue statement on ${backend}`, () => {
  let opened: TestStorage;
  let storage: Storage;

  before(async () => {
    opened = await openTestStorage();
    storage = opened.storage;
    await sql`INSERT INTO users (id, username, is_suspended)
              SELECT 'usr_' || n, 'user' || n, n % 100 = 0 FROM generate_series(1, 3000) AS n`.execute(
      storage.db,
    );
    await sql`ANALYZE`.execute(storage.db);
  });
  after(() => opened.close());

  const issue = (userId: string): SubjectTokenIssue => {
    const id = newId();
    return {
      token: {
        id: `sub_${id}`,
        tokenHash: newId(64),
        userId,
        context: { ticket: id },
        applicationId: null,
        expiresAt: new Date(Date.now() + 60_000),
      },
      log: { id: `log_${id}`, applicationId: null, payload: { result: 'Success' } },
    };
  };

  it('stores the tokens of existing, unsuspended users with their audit records', async () => {
    const issues = [issue('usr_1'), issue('usr_100'), issue('usr_missing'), issue('usr_2')];
    const results = await insertSubjectTokensWithLogs(storage.db, issues);
    assert.deepEqual(results, ['issued', 'user_suspended', 'user_not_found', 'issued']);
    const { rows } = await sql<{ id: string; context: unknown; expires_at: Date; logged: boolean }>`
      SELECT st.id, st.context, st.expires_at,
        EXISTS (SELECT 1 FROM logs WHERE logs.id = 'log_' || substr(st.id, 5)
                AND key = 'SubjectToken.Issued' AND payload ->> 'result' = 'Success') AS logged
      FROM subject_tokens AS st WHERE st.id = ANY (${issues.map(({ token }) => token.id)}) ORDER BY st.id`.execute(
      storage.db,
    );
    const issued = [issues[0]!, issues[3]!].sort((a, b) => a.token.id.localeCompare(b.token.id));
    assert.deepEqual(
      rows,
      issued.map(({ token }) => ({
        id: token.id,
        context: token.context,
        expires_at: token.expiresAt,
        logged: true,
      })),
    );
  });

  // Planning the statement costs about as much as running it for a few tokens, so PostgreSQL must
  // settle on one generic plan; with `unnest` of parameter arrays the plan for a run's values
  // counted its tokens, looked cheaper, and was made anew on every run.
  it('keeps one generic plan on a connection over groups of a few tokens', async () => {
    await storage.db.connection().execute(async (db) => {
      for (const size of [1, 1, 2, 1, 3, 1, 4, 1, 2, 1, 1, 2]) {
        const users = Array.from({ length: size }, () => `usr_${1 + Math.floor(Math.random() * 3000)}`);
        const results = await insertSubjectTokensWithLogs(db, users.map(issue));
        assert.equal(results.length, size);
      }
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
        WHERE name = 'tessera_issue_subject_tokens'`.execute(db);
      assert.ok(rows.length === 1 && Number(rows[0]!.generic_plans) > 0, JSON.stringify(rows));
    });
  });
});
