import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
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
 * the caller was given survives a database crash.
 */
const issueStatement = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                         $7::text[], $8::text[], $9::text[])
      AS i (user_id, id, token_hash, context, application_id, expires_at, log_id, log_application_id, log_payload)
  ), u AS (
    SELECT input.*, users.is_suspended FROM input JOIN users ON users.id = input.user_id
  ), issued AS (
    INSERT INTO subject_tokens (id, token_hash, user_id, context, application_id, expires_at)
    SELECT id, token_hash, user_id, context::jsonb, application_id, expires_at::timestamptz
    FROM u WHERE NOT is_suspended
    RETURNING id
  ), logged AS (
    INSERT INTO logs (id, key, user_id, application_id, payload)
    SELECT u.log_id, 'SubjectToken.Issued', u.user_id, u.log_application_id, u.log_payload::jsonb
    FROM u JOIN issued ON issued.id = u.id
  )
  SELECT u.id, u.is_suspended FROM u`;

export async function insertSubjectTokensWithLogs(
  db: Db,
  issues: readonly SubjectTokenIssue[],
): Promise<IssueResult[]> {
  const column = (value: (issue: SubjectTokenIssue) => string | null) => issues.map(value);
  const rows = await executePrepared<{ id: string; is_suspended: boolean }>(
    db,
    'tessera_issue_subject_tokens',
    issueStatement,
    [
      column(({ token }) => token.userId),
      column(({ token }) => token.id),
      column(({ token }) => token.tokenHash),
      column(({ token }) => json(token.context)),
      column(({ token }) => token.applicationId),
      column(({ token }) => token.expiresAt.toISOString()),
      column(({ log }) => log.id),
      column(({ log }) => log.applicationId),
      column(({ log }) => json({ key: 'SubjectToken.Issued', ...log.payload })),
    ],
  );
  const suspended = new Map(rows.map((row) => [row.id, row.is_suspended]));
  return issues.map(({ token }) => {
    const isSuspended = suspended.get(token.id);
    if (isSuspended === undefined) return 'user_not_found';
    return isSuspended ? 'user_suspended' : 'issued';
  });
}
