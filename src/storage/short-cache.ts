import { LRUCache } from 'lru-cache';
import type { Db } from './database.js';

export interface ShortCache<T> {
  (db: Db, key: string): Promise<T | undefined>;
  /** Drops one entry on this instance at once (after a write through it). */
  forget(db: Db, key: string): void;
  /** Drops every entry on this instance (after a write that may change any of them). */
  clear(db: Db): void;
}

export interface ShortCacheOptions {
  ttlMs?: number;
  /**
   * Keep "there is none" too: for a setting usually absent (a custom-claims script), whose every
   * write through this instance forgets it.
   */
  keepMissing?: boolean;
}

/** lru-cache keeps no `undefined`, so a miss travels boxed; each box is its own entry's identity. */
interface Found<T> {
  value: T | undefined;
}

/**
 * A per-database memo of lookups that change rarely (an application's settings, a resource's id
 * and TTL) but are read on every token request. Entries live a second, so a change made through
 * any instance is seen by every other within that second; only hits are kept (unless
 * `keepMissing`), so something created just now is found at once. Never used for anything about a
 * subject token.
 *
 * lru-cache's `fetch` shares one load among the requests that miss an entry together, and
 * `ignoreFetchAbort` lets a load that `forget`/`clear` made stale answer its callers without
 * being kept.
 */
export function shortCache<T>(
  load: (db: Db, key: string) => Promise<T | undefined>,
  { ttlMs = 1000, keepMissing = false }: ShortCacheOptions = {},
): ShortCache<T> {
  const caches = new WeakMap<Db, LRUCache<string, Found<T>>>();
  const cacheOf = (db: Db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new LRUCache<string, Found<T>>({
        max: 1000,
        ttl: ttlMs,
        ignoreFetchAbort: true,
        fetchMethod: async (key) => ({ value: await load(db, key) }),
      });
      caches.set(db, cache);
    }
    return cache;
  };
  const read = async (db: Db, key: string): Promise<T | undefined> => {
    const cache = cacheOf(db);
    const found = (await cache.fetch(key))!;
    if (found.value === undefined && !keepMissing && cache.peek(key) === found) cache.delete(key);
    return found.value;
  };
  return Object.assign(read, {
    forget: (db: Db, key: string) => void caches.get(db)?.delete(key),
    clear: (db: Db) => caches.get(db)?.clear(),
  });
}
