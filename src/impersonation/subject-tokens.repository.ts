import type { Db } from '../storage/database.js';
import { groupCommit } from '../storage/group-commit.js';
import { executePrepared } from '../storage/prepared-statement.js';

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
 * Marks tokens used in one conditional UPDATE, so that of any number of concurrent redemptions
 * (on any instance) exactly one gets the row back. Expiry is judged by the database clock, which
 * every instance shares. The same statement reads each user's state and which of the requested
 * scopes they hold on the resource through roles. Concurrent exchanges on an instance are consumed
 * together ($1: token hashes, $2: resource ids, $3: JSON arrays of the requested scope names, one
 * per token): one round trip and one commit for all, prepared once per connection.
 */
const consumeStatement = `
  WITH wanted AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w(token_hash, resource_id, scopes)
  ),
  consumed AS (
    UPDATE subject_tokens AS st
    SET consumed_at = now()
    FROM users AS u, wanted AS w
    WHERE u.id = st.user_id
      AND st.token_hash = w.token_hash
      AND st.consumed_at IS NULL
      AND st.expires_at > now()
    RETURNING st.token_hash, st.id, st.user_id, st.context, u.is_suspended, w.resource_id, w.scopes
  )
  SELECT c.token_hash, c.id, c.user_id, c.context, c.is_suspended,
    ARRAY(
      SELECT DISTINCT s.name
      FROM users_roles AS ur
      JOIN roles_scopes AS rs ON rs.role_id = ur.role_id
      JOIN scopes AS s ON s.id = rs.scope_id
      WHERE ur.user_id = c.user_id AND s.resource_id = c.resource_id
        AND s.name IN (SELECT jsonb_array_elements_text(c.scopes::jsonb))
    ) AS held_scopes
  FROM consumed AS c`;

interface Redemption {
  tokenHash: string;
  resourceId: string;
  scopes: string[];
}

interface ConsumedRow {
  token_hash: string;
  id: string;
  user_id: string;
  context: Record<string, unknown>;
  is_suspended: boolean;
  held_scopes: string[];
}

async function consumeTogether(
  db: Db,
  redemptions: Redemption[],
): Promise<(ConsumedSubjectToken | undefined)[]> {
  // The same token twice in one group: only its first redemption is sent, the others were too late.
  const first = new Map<string, number>();
  redemptions.forEach((r, index) => first.has(r.tokenHash) || first.set(r.tokenHash, index));
  const sent = [...first.keys()].map((hash) => redemptions[first.get(hash)!]!);
  const rows = await executePrepared<ConsumedRow>(db, 'tessera_consume_subject_tokens', consumeStatement, [
    sent.map((r) => r.tokenHash),
    sent.map((r) => r.resourceId),
    sent.map((r) => JSON.stringify(r.scopes)),
  ]);
  const byHash = new Map(rows.map((row) => [row.token_hash, row]));
  return redemptions.map((r, index) => {
    const row = first.get(r.tokenHash) === index ? byHash.get(r.tokenHash) : undefined;
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        context: row.context,
        userSuspended: row.is_suspended,
        heldScopes: row.held_scopes,
      }
    );
  });
}

const consumeGrouped = groupCommit(consumeTogether);

export function consumeSubjectToken(
  db: Db,
  tokenHash: string,
  wanted: { resourceId: string; scopes: string[] },
): Promise<ConsumedSubjectToken | undefined> {
  return consumeGrouped(db, { tokenHash, ...wanted });
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
