import type { JWK } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';

export type SigningAlg = 'ES256' | 'RS256';

export interface NewSigningKey {
  kid: string;
  alg: SigningAlg;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface StoredSigningKey extends NewSigningKey {
  createdAt: Date;
  /** When it starts (or started) signing. */
  activatesAt: Date;
  /** Milliseconds until it signs, by the database's clock; 0 once it may sign. */
  pendingMs: number;
}

/** Every stored key, newest first; whether each is still pending is judged by the database's clock. */
export async function listSigningKeyRows(db: Db): Promise<StoredSigningKey[]> {
  const rows = await db
    .selectFrom('signing_keys')
    .selectAll()
    .select(
      sql<number>`greatest(0, ceil(extract(epoch FROM activates_at - now()) * 1000))::float8`.as(
        'pending_ms',
      ),
    )
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    kid: row.id,
    alg: row.alg === 'RS256' ? 'RS256' : 'ES256',
    privateJwk: row.private_jwk,
    publicJwk: row.public_jwk,
    createdAt: row.created_at,
    activatesAt: row.activates_at ?? row.created_at,
    pendingMs: Number(row.pending_ms ?? 0),
  }));
}

/** The longest lifetime any API resource gives its access tokens, in seconds (0 without resources). */
export async function longestResourceTokenTtl(db: Db): Promise<number> {
  const row = await db
    .selectFrom('resources')
    .select((eb) => eb.fn.max('access_token_ttl').as('ttl'))
    .executeTakeFirst();
  return Number(row?.ttl ?? 0);
}

/**
 * Inserts a key, serialised across instances by an advisory lock, signing `pendingMs` from now (by
 * the database's clock). With `onlyIfNone`, nothing is inserted when a key exists (the first start
 * of several instances together).
 */
export async function insertSigningKey(
  db: Db,
  key: NewSigningKey,
  { onlyIfNone = false, pendingMs = 0 }: { onlyIfNone?: boolean; pendingMs?: number } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(7405211)`.execute(trx);
    if (onlyIfNone && (await trx.selectFrom('signing_keys').select('id').limit(1).executeTakeFirst())) return;
    await trx
      .insertInto('signing_keys')
      .values({
        id: key.kid,
        alg: key.alg,
        private_jwk: json(key.privateJwk),
        public_jwk: json(key.publicJwk),
        activates_at:
          pendingMs > 0 ? sql<Date>`now() + make_interval(secs => ${pendingMs / 1000}::float8)` : null,
      })
      .execute();
  });
}

export async function deleteSigningKeyRows(db: Db, kids: string[]): Promise<number> {
  if (kids.length === 0) return 0;
  const result = await db.deleteFrom('signing_keys').where('id', 'in', kids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
