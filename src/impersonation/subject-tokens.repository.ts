import type { Db } from '../storage/database.js';
import { executePrepared } from './prepared-statement.js';

export interface NewSubjectToken {
  id: string;
  tokenHash: string;
  userId: string;
  context: Record<string, unknown>;
  applicationId: string | null;
  expiresAt: Date;
}

export interface ConsumedSubjectToken {
  id: string;
  userId: string;
  context: Record<string, unknown>;
  userSuspended: boolean;
  /** Of the requested scope names, those the user holds on the resource through roles. */
  heldScopes: string[];
}

/*
 * Marks the token used in one conditional UPDATE, so that of any number of concurrent
 * redemptions (on any instance) exactly one gets the row back. Expiry is judged by the
 * database clock, which every instance shares. The same statement reads the user's state and
 * which of the requested scopes ($3) they hold on the resource ($2) through roles: one round
 * trip per exchange, prepared once per connection.
 */
const consumeStatement = `
  WITH consumed AS (
    UPDATE subject_tokens AS st
    SET consumed_at = now()
    FROM users AS u
    WHERE u.id = st.user_id
      AND st.token_hash = $1
      AND st.consumed_at IS NULL
      AND st.expires_at > now()
    RETURNING st.id, st.user_id, st.context, u.is_suspended
  )
  SELECT c.id, c.user_id, c.context, c.is_suspended,
    ARRAY(
      SELECT DISTINCT s.name
      FROM users_roles AS ur
      JOIN roles_scopes AS rs ON rs.role_id = ur.role_id
      JOIN scopes AS s ON s.id = rs.scope_id
      WHERE ur.user_id = c.user_id AND s.resource_id = $2 AND s.name = ANY($3::text[])
    ) AS held_scopes
  FROM consumed AS c`;

export async function consumeSubjectToken(
  db: Db,
  tokenHash: string,
  wanted: { resourceId: string; scopes: string[] },
): Promise<ConsumedSubjectToken | undefined> {
  const [row] = await executePrepared<{
    id: string;
    user_id: string;
    context: Record<string, unknown>;
    is_suspended: boolean;
    held_scopes: string[];
  }>(db, 'tessera_consume_subject_token', consumeStatement, [tokenHash, wanted.resourceId, wanted.scopes]);
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      context: row.context,
      userSuspended: row.is_suspended,
      heldScopes: row.held_scopes,
    }
  );
}

/** Why a token could not be consumed, and whose it was; read only on the refusal path, for the audit log. */
export async function describeUnusableToken(
  db: Db,
  tokenHash: string,
): Promise<{ state: 'unknown' | 'consumed' | 'expired'; id?: string; userId?: string }> {
  const row = await db
    .selectFrom('subject_tokens')
    .select(['id', 'user_id', 'consumed_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  return { state: row.consumed_at ? 'consumed' : 'expired', id: row.id, userId: row.user_id };
}
