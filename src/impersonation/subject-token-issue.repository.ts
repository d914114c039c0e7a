import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { executePrepared } from './prepared-statement.js';
import type { NewSubjectToken } from './subject-tokens.repository.js';

/*
 * Reads the user, stores the token (unless the user is missing or suspended) and its
 * `SubjectToken.Issued` audit record in one statement: one round trip and one implicit
 * transaction per issued token, so the record exists exactly when the token does.
 *
 * That transaction commits asynchronously (`synchronous_commit` off for it alone): it answers
 * before its WAL reaches the disk, which halves PostgreSQL's CPU per issued token. A database
 * crash can lose the last fraction of a second of issued tokens, each with its audit record;
 * their holders get `invalid_grant`, as for an expired token. A redeemed token is never lost:
 * the consume commits synchronously, which flushes the WAL up to and including its issue.
 */
const issueStatement = `
  WITH u AS (SELECT id, is_suspended FROM users WHERE id = $1),
  issued AS (
    INSERT INTO subject_tokens (id, token_hash, user_id, context, application_id, expires_at)
    SELECT $2, $3, u.id, $4::jsonb, $5, $6::timestamptz FROM u WHERE NOT u.is_suspended
    RETURNING id
  ), logged AS (
    INSERT INTO logs (id, key, user_id, application_id, payload)
    SELECT $7, 'SubjectToken.Issued', $1, $8, $9::jsonb FROM issued
  )
  SELECT u.is_suspended, set_config('synchronous_commit', 'off', true) FROM u`;

export type IssueResult = 'issued' | 'user_not_found' | 'user_suspended';

export async function insertSubjectTokenWithLog(
  db: Db,
  token: NewSubjectToken,
  log: { id: string; applicationId: string | null; payload: Record<string, unknown> },
): Promise<IssueResult> {
  const [row] = await executePrepared<{ is_suspended: boolean }>(
    db,
    'tessera_issue_subject_token',
    issueStatement,
    [
      token.userId,
      token.id,
      token.tokenHash,
      json(token.context),
      token.applicationId,
      token.expiresAt.toISOString(),
      log.id,
      log.applicationId,
      json({ key: 'SubjectToken.Issued', ...log.payload }),
    ],
  );
  if (!row) return 'user_not_found';
  return row.is_suspended ? 'user_suspended' : 'issued';
}
