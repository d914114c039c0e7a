import { ApiError } from '../http/errors.js';
import type { Db } from '../storage/database.js';
import type { JwtCustomizerKey, JwtCustomizerValue } from '../storage/tables/impersonation.js';
import {
  deleteJwtCustomizer,
  findJwtCustomizer,
  listJwtCustomizers,
  upsertJwtCustomizer,
} from './jwt-customizers.repository.js';

export type TokenTypePath = 'access-token' | 'client-credentials';

export const customizerKeys: Record<TokenTypePath, JwtCustomizerKey> = {
  'access-token': 'jwt.accessToken',
  'client-credentials': 'jwt.clientCredentials',
};

/*
 * Tokens are issued far more often than scripts change, so each instance keeps a script for a
 * second. A write clears this instance's copy at once; other instances see it within the second.
 */
const cacheTtlMs = 1000;
const caches = new WeakMap<
  Db,
  Map<JwtCustomizerKey, { value: JwtCustomizerValue | undefined; until: number }>
>();

export async function activeCustomizer(
  db: Db,
  key: JwtCustomizerKey,
): Promise<JwtCustomizerValue | undefined> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await findJwtCustomizer(db, key);
  cache.set(key, { value, until: Date.now() + cacheTtlMs });
  return value;
}

function forget(db: Db, key: JwtCustomizerKey): void {
  caches.get(db)?.delete(key);
}

const notConfigured = (path: TokenTypePath) =>
  new ApiError(404, 'entity.not_found', `No ${path} JWT customizer is configured.`);

export async function getCustomizer(db: Db, path: TokenTypePath): Promise<JwtCustomizerValue> {
  const value = await findJwtCustomizer(db, customizerKeys[path]);
  if (!value) throw notConfigured(path);
  return value;
}

export async function listCustomizers(db: Db) {
  return listJwtCustomizers(db);
}

export async function putCustomizer(db: Db, path: TokenTypePath, value: JwtCustomizerValue) {
  const { created } = await upsertJwtCustomizer(db, customizerKeys[path], value);
  forget(db, customizerKeys[path]);
  return { created, value };
}

/** Merges into the stored value; there must be one. */
export async function patchCustomizer(db: Db, path: TokenTypePath, changes: Partial<JwtCustomizerValue>) {
  return db.transaction().execute(async (trx) => {
    const current = await findJwtCustomizer(trx, customizerKeys[path]);
    if (!current) throw notConfigured(path);
    const value = { ...current, ...changes };
    await upsertJwtCustomizer(trx, customizerKeys[path], value);
    forget(db, customizerKeys[path]);
    return value;
  });
}

export async function removeCustomizer(db: Db, path: TokenTypePath): Promise<void> {
  const deleted = await deleteJwtCustomizer(db, customizerKeys[path]);
  forget(db, customizerKeys[path]);
  if (!deleted) throw notConfigured(path);
}
