import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import type { JWK } from 'jose';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { json } from '../storage/json.js';

export interface SigningKey {
  kid: string;
  alg: 'ES256';
  privateJwk: JWK;
  publicJwk: JWK;
}

/** Creates the first ES256 key pair; safe when several instances start together. */
export async function ensureSigningKey(db: Db): Promise<void> {
  const existing = await db.selectFrom('signing_keys').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = newId(16);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(7405211)`.execute(trx);
    const raced = await trx.selectFrom('signing_keys').select('id').limit(1).executeTakeFirst();
    if (raced) return;
    await trx
      .insertInto('signing_keys')
      .values({ id: kid, alg: 'ES256', private_jwk: json(privateJwk), public_jwk: json(publicJwk) })
      .execute();
  });
}

export async function loadSigningKeys(db: Db): Promise<SigningKey[]> {
  const rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map((row) => ({
    kid: row.id,
    alg: 'ES256',
    privateJwk: row.private_jwk as JWK,
    publicJwk: row.public_jwk as JWK,
  }));
}
