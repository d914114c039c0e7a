import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';
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
 * Tokens are issued far more often than scripts change, so each instance keeps a script (or that
 * there is none) for a second; when the second ends under load, the requests that find it expired
 * share one read. A write clears this instance's copy at once (a read under way then is not
 * kept); other instances see the change within the second.
 */
const cached = shortCache((db, key) => findJwtCustomizer(db, key as JwtCustomizerKey), {
  keepMissing: true,
});

export function activeCustomizer(db: Db, key: JwtCustomizerKey): Promise<JwtCustomizerValue | undefined> {
  return cached(db, key);
}

function forget(db: Db, key: JwtCustomizerKey): void {
  cached.forget(db, key);
}

const notConfigured = (path: TokenTypePath) => apiError('entity.not_found#jwt_customizer', { path });

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
