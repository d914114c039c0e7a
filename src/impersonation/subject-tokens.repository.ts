import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';

export interface NewSubjectToken {
  id: string;
  tokenHash: string;
  userId: string;
  context: Record<string, unknown>;
  applicationId: string | null;
  expiresAt: Date;
}

export async function findUserState(
  db: Db,
  userId: string,
): Promise<{ id: string; isSuspended: boolean } | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'is_suspended'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user && { id: user.id, isSuspended: user.is_suspended };
}

export async function insertSubjectToken(db: Db, token: NewSubjectToken): Promise<void> {
  await db
    .insertInto('subject_tokens')
    .values({
      id: token.id,
      token_hash: token.tokenHash,
      user_id: token.userId,
      context: json(token.context),
      application_id: token.applicationId,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Tokens dead for a day are only history (the audit log keeps it); issuing prunes them. */
export async function pruneDeadSubjectTokens(db: Db): Promise<void> {
  await db
    .deleteFrom('subject_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

export interface ConsumedSubjectToken {
  id: string;
  userId: string;
  context: Record<string, unknown>;
  userSuspended: boolean;
}

/**
 * Marks the token used in one conditional UPDATE, so that of any number of concurrent
 * redemptions (on any instance) exactly one gets the row back. Expiry is judged by the
 * database clock, which every instance shares.
 */
export async function consumeSubjectToken(
  db: Db,
  tokenHash: string,
): Promise<ConsumedSubjectToken | undefined> {
  const row = await db
    .updateTable('subject_tokens as st')
    .from('users as u')
    .set({ consumed_at: sql`now()` })
    .whereRef('u.id', '=', 'st.user_id')
    .where('st.token_hash', '=', tokenHash)
    .where('st.consumed_at', 'is', null)
    .where('st.expires_at', '>', sql<Date>`now()`)
    .returning(['st.id', 'st.user_id', 'st.context', 'u.is_suspended'])
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, context: row.context, userSuspended: row.is_suspended };
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
