import type { Db } from './database.js';

export interface ShortCache<T> {
  (db: Db, key: string): Promise<T | undefined>;
  /** Drops one entry on this instance at once (after a write through it). */
  forget(db: Db, key: string): void;
  /** Drops every entry on this instance (after a write that may change any of them). */
  clear(db: Db): void;
}

/**
 * A per-database memo of lookups that change rarely (an application's settings, a resource's id
 * and TTL) but are read on every token request. Entries live a second, so a change made through
 * any instance is seen by every other within that second; only hits are kept, so something
 * created just now is found at once. Never used for anything about a subject token.
 */
export function shortCache<T>(
  load: (db: Db, key: string) => Promise<T | undefined>,
  ttlMs = 1000,
): ShortCache<T> {
  const caches = new WeakMap<Db, Map<string, { value: T; until: number }>>();
  const read = async (db: Db, key: string): Promise<T | undefined> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await load(db, key);
    if (value === undefined) cache.delete(key);
    else {
      // Only things that exist are kept, but keep the map bounded all the same.
      if (cache.size >= 1000) for (const [k, entry] of cache) if (entry.until <= now) cache.delete(k);
      if (cache.size < 1000) cache.set(key, { value, until: now + ttlMs });
    }
    return value;
  };
  return Object.assign(read, {
    forget: (db: Db, key: string) => void caches.get(db)?.delete(key),
    clear: (db: Db) => void caches.get(db)?.clear(),
  });
}
