import { sql, type Selectable } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type {
  OneTimeTokenContext,
  OneTimeTokensTable,
  OneTimeTokenStatus,
} from '../storage/tables/tokens.js';

export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;

export interface OneTimeTokenFilter {
  email?: string;
  status?: OneTimeTokenStatus;
}

// An active token past its expiry is expired, whether or not a write has said so yet.
const effectiveStatus = sql<OneTimeTokenStatus>`CASE WHEN status = 'Active' AND expires_at <= now() THEN 'Expired' ELSE status END`;

function filtered(db: Db, filter: OneTimeTokenFilter) {
  let query = db.selectFrom('one_time_tokens');
  if (filter.email !== undefined) query = query.where('email', '=', filter.email);
  if (filter.status !== undefined) query = query.where(effectiveStatus, '=', filter.status);
  return query;
}

export function listTokens(db: Db, filter: OneTimeTokenFilter, page: { limit: number; offset: number }) {
  return filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countTokens(db: Db, filter: OneTimeTokenFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findToken(db: Db, id: string): Promise<OneTimeTokenRow | undefined> {
  return db.selectFrom('one_time_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTokenByDigest(db: Db, digest: string): Promise<OneTimeTokenRow | undefined> {
  return db.selectFrom('one_time_tokens').selectAll().where('digest', '=', digest).executeTakeFirst();
}

export function insertToken(
  db: Db,
  values: {
    id: string;
    email: string;
    digest: string;
    sealed_value: string;
    context: OneTimeTokenContext;
    expires_at: Date;
  },
): Promise<OneTimeTokenRow> {
  return db
    .insertInto('one_time_tokens')
    .values({ ...values, context: json(values.context) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setStatus(db: Db, id: string, status: OneTimeTokenStatus) {
  return db
    .updateTable('one_time_tokens')
    .set({ status })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Consumes an active, unexpired token in one statement: of concurrent uses, one wins. */
export function consumeToken(db: Db, digest: string, email: string) {
  return db
    .updateTable('one_time_tokens')
    .set({ status: 'Consumed' })
    .where('digest', '=', digest)
    .where('email', '=', email)
    .where('status', '=', 'Active')
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteToken(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('one_time_tokens').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
