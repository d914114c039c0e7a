import { exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import {
  deleteSigningKeyRows,
  insertSigningKey,
  listSigningKeyRows,
  longestResourceTokenTtl,
  type NewSigningKey,
  type SigningAlg,
  type StoredSigningKey,
} from './signing-keys.repository.js';
import { DEFAULT_ACCESS_TOKEN_TTL, ID_TOKEN_TTL } from './token-lifetimes.js';

/** Logto's names for the two key types: elliptic curve (ES256, the default) and RSA (RS256). */
export type SigningKeyAlgorithm = 'EC' | 'RSA';

/**
 * A key JWKS publishes. The newest whose activation has come signs; newer ones are pending
 * (published, verified, not yet signing); older ones stay for verification until `retiresAt`.
 */
export interface SigningKey extends StoredSigningKey {
  retiresAt: Date | undefined;
}

/** The key new tokens are signed with: the newest active one (the oldest pending if none is). */
export function signingKeyOf(keys: SigningKey[]): SigningKey {
  return keys.find((key) => key.pendingMs === 0) ?? keys[keys.length - 1]!;
}

/** The keys with the signing one first: oidc-provider signs with the first key of an algorithm. */
export function signingKeyFirst(keys: SigningKey[]): SigningKey[] {
  const signer = signingKeyOf(keys);
  return [signer, ...keys.filter((key) => key !== signer)];
}

export const SIGNING_ALGS: SigningAlg[] = ['ES256', 'RS256'];

/**
 * How long a key stays published after a newer one started signing: the longest lifetime of a
 * token it may have signed, plus a minute for an instance whose switch at the activation came late
 * (a stalled process, a missed key refresh) and for clock skew between instances.
 */
export async function keyOverlapSeconds(db: Db): Promise<number> {
  return Math.max(ID_TOKEN_TTL, DEFAULT_ACCESS_TOKEN_TTL, await longestResourceTokenTtl(db)) + 60;
}

/** Newest first: the newest key, and each older one until its successor has signed for `overlap`. */
export function publishedKeys(stored: StoredSigningKey[], overlapSeconds: number, now = Date.now()) {
  const published: SigningKey[] = [];
  for (let i = 0; i < stored.length; i++) {
    const successor = stored[i - 1];
    const retiresAt = successor
      ? new Date(successor.activatesAt.getTime() + overlapSeconds * 1000)
      : undefined;
    if (retiresAt && retiresAt.getTime() <= now) break;
    published.push({ ...stored[i]!, retiresAt });
  }
  return published;
}

export async function loadSigningKeys(db: Db): Promise<SigningKey[]> {
  return publishedKeys(await listSigningKeyRows(db), await keyOverlapSeconds(db));
}

export async function generateSigningKey(algorithm: SigningKeyAlgorithm): Promise<NewSigningKey> {
  const alg: SigningAlg = algorithm === 'RSA' ? 'RS256' : 'ES256';
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const kid = newId(16);
  const common = { kid, alg, use: 'sig' };
  return {
    kid,
    alg,
    privateJwk: { ...(await exportJWK(privateKey)), ...common },
    publicJwk: { ...(await exportJWK(publicKey)), ...common },
  };
}

/** Creates the first ES256 key pair; safe when several instances start together. */
export async function ensureSigningKey(db: Db): Promise<void> {
  if ((await listSigningKeyRows(db)).length > 0) return;
  await insertSigningKey(db, await generateSigningKey('EC'), { onlyIfNone: true });
}

/**
 * How long a rotated-in key is published before it signs: two key refreshes, so every instance has
 * re-read the keys (and publishes the new one in its JWKS and verifiers) before any signs with it.
 */
export function pendingPeriodMs(refreshMs: number): number {
  return 2 * refreshMs;
}

/**
 * A new key is published now and signs once every instance has had a key refresh to publish it
 * (`pendingMs`); the previous ones stay published for one token lifetime after that. Keys past
 * that are deleted. Returns the published keys.
 */
export async function rotateSigningKeys(
  db: Db,
  algorithm: SigningKeyAlgorithm,
  pendingMs: number,
): Promise<SigningKey[]> {
  await insertSigningKey(db, await generateSigningKey(algorithm), { pendingMs });
  const stored = await listSigningKeyRows(db);
  const published = publishedKeys(stored, await keyOverlapSeconds(db));
  const kept = new Set(published.map((key) => key.kid));
  await deleteSigningKeyRows(
    db,
    stored.filter((key) => !kept.has(key.kid)).map((key) => key.kid),
  );
  return published;
}

export type DeleteOutcome = 'deleted' | 'not_found' | 'last_key';

/** Removes a key at once (a compromised one): tokens it signed stop verifying. */
export async function deleteSigningKey(db: Db, kid: string): Promise<DeleteOutcome> {
  const published = await loadSigningKeys(db);
  if (!published.some((key) => key.kid === kid)) return 'not_found';
  if (published.length === 1) return 'last_key';
  await deleteSigningKeyRows(db, [kid]);
  return 'deleted';
}

export function keyAlgorithmName(alg: SigningAlg): SigningKeyAlgorithm {
  return alg === 'RS256' ? 'RSA' : 'EC';
}
