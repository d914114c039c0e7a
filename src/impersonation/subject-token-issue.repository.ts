import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { jsonRowsFromParameter } from '../storage/json-rows.js';
import { executePrepared } from '../storage/prepared-statement.js';
import type { NewSubjectToken } from './subject-tokens.repository.js';

/** A token to store and its `SubjectToken.Issued` audit record. */
export interface SubjectTokenIssue {
  token: NewSubjectToken;
  log: { id: string; applicationId: string | null; payload: Record<string, unknown> };
}

export type IssueResult = 'issued' | 'user_not_found' | 'user_suspended';

/*
 * Reads the users, stores each token whose user exists and is not suspended, and its audit
 * record, in one statement: one round trip and one implicit transaction for any number of
 * tokens, and a record exists exactly when its token does. The commit is synchronous: a token
 * the caller was given survives a database crash. ($1: the tokens and their records, one JSON array.)
 *
 * The tokens come through `jsonRowsFromParameter`, so PostgreSQL keeps one generic plan (which
 * still finds each user by its key).
 */
const issueStatement = `
  WITH input AS (
    SELECT i ->> 'user_id' AS user_id, i ->> 'id' AS id, i ->> 'token_hash' AS token_hash,
      i -> 'context' AS context, i ->> 'application_id' AS application_id,
      (i ->> 'expires_at')::timestamptz AS expires_at, i ->> 'log_id' AS log_id,
      i ->> 'log_application_id' AS log_application_id, i -> 'log_payload' AS log_payload
    FROM ${jsonRowsFromParameter('$1')} AS i
  ), u AS (
    SELECT input.*, users.is_suspended FROM input JOIN users ON users.id = input.user_id
  ), issued AS (
    INSERT INTO subject_tokens (id, token_hash, user_id, context, application_id, expires_at)
    SELECT id, token_hash, user_id, context, application_id, expires_at
    FROM u WHERE NOT is_suspended
    RETURNING id
  ), logged AS (
    INSERT INTO logs (id, key, user_id, application_id, payload)
    SELECT u.log_id, 'SubjectToken.Issued', u.user_id, u.log_application_id, u.log_payload
    FROM u JOIN issued ON issued.id = u.id
  )
  SELECT u.id, u.is_suspended FROM u`;

export async function insertSubjectTokensWithLogs(
  db: Db,
  issues: readonly SubjectTokenIssue[],
): Promise<IssueResult[]> {
  const tokens = issues.map(({ token, log }) => ({
    user_id: token.userId,
    id: token.id,
    token_hash: token.tokenHash,
    context: token.context,
    application_id: token.applicationId,
    expires_at: token.expiresAt.toISOString(),
    log_id: log.id,
    log_application_id: log.applicationId,
    log_payload: { key: 'SubjectToken.Issued', ...log.payload },
  }));
  const rows = await executePrepared<{ id: string; is_suspended: boolean }>(
    db,
    'tessera_issue_subject_tokens',
    issueStatement,
    [json(tokens)],
  );
  const suspended = new Map(rows.map((row) => [row.id, row.is_suspended]));
  return issues.map(({ token }) => {
    const isSuspended = suspended.get(token.id);
    if (isSuspended === undefined) return 'user_not_found';
    return isSuspended ? 'user_suspended' : 'issued';
  });
}
