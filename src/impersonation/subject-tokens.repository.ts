import type { Db } from '../storage/database.js';

export interface NewSubjectToken {
  id: string;
  tokenHash: string;
  userId: string;
  context: Record<string, unknown>;
  applicationId: string | null;
  expiresAt: Date;
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
