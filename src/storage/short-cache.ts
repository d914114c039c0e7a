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

/**
 * A per-database memo of lookups that change rarely (an application's settings, a resource's id
 * and TTL) but are read on every token request. Entries live a second, so a change made through
 * any instance is seen by every other within that second; only hits are kept (unless
 * `keepMissing`), so something created just now is found at once. Never used for anything about a
 * subject token.
 */
export function shortCache<T>(
  load: (db: Db, key: string) => Promise<T | undefined>,
  { ttlMs = 1000, keepMissing = false }: ShortCacheOptions = {},
): ShortCache<T> {
  const caches = new WeakMap<Db, Map<string, { value: T | undefined; until: number }>>();
  // Lookups under way: when an entry expires under load, the requests that miss it share one read.
  const loading = new WeakMap<Db, Map<string, Promise<T | undefined>>>();
  const read = async (db: Db, key: string): Promise<T | undefined> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    let pending = loading.get(db);
    if (!pending) loading.set(db, (pending = new Map()));
    const shared = pending.get(key);
    if (shared) return shared;
    // A load that a write made stale (forget/clear dropped it meanwhile) answers its callers but is not kept.
    const current = () => pending.get(key) === loaded && pending.delete(key);
    const loaded: Promise<T | undefined> = load(db, key).then(
      (value) => {
        if (current()) keep(cache, key, value);
        return value;
      },
      (error: unknown) => {
        current();
        throw error;
      },
    );
    pending.set(key, loaded);
    return loaded;
  };
  const keep = (
    cache: Map<string, { value: T | undefined; until: number }>,
    key: string,
    value: T | undefined,
  ) => {
    const now = Date.now();
    if (value === undefined && !keepMissing) cache.delete(key);
    else {
      // Bounded all the same.
      if (cache.size >= 1000) for (const [k, entry] of cache) if (entry.until <= now) cache.delete(k);
      if (cache.size < 1000) cache.set(key, { value, until: now + ttlMs });
    }
  };
  return Object.assign(read, {
    forget: (db: Db, key: string) => {
      caches.get(db)?.delete(key);
      loading.get(db)?.delete(key);
    },
    clear: (db: Db) => {
      caches.get(db)?.clear();
      loading.get(db)?.clear();
    },
  });
}
