import type { JWTPayload } from 'jose';
import type { Clock } from '../storage/clock.js';

const maxEntries = 1000;

/**
 * Management access tokens whose signature and claims this instance has verified, by their
 * exact compact form, until their `exp`. A caller sends the same token for its whole lifetime,
 * and checking its ECDSA signature again on every call cost more CPU than the rest of a simple
 * read. Entries belong to one verification key set: a changed set (a rotation, a removed key)
 * starts an empty cache, so every token is verified against the keys published now. Only tokens
 * that passed are kept, and only their holders can present them again.
 */
export function verifiedTokens<KeySet extends object>(clock: Clock) {
  const byKeySet = new WeakMap<KeySet, Map<string, JWTPayload>>();
  return {
    get(keySet: KeySet, token: string): JWTPayload | undefined {
      const cache = byKeySet.get(keySet);
      const payload = cache?.get(token);
      if (!payload) return undefined;
      if (clock.now() < payload.exp! * 1000) return payload;
      cache!.delete(token);
      return undefined;
    },
    remember(keySet: KeySet, token: string, payload: JWTPayload): void {
      if (typeof payload.exp !== 'number') return;
      let cache = byKeySet.get(keySet);
      if (!cache) byKeySet.set(keySet, (cache = new Map()));
      if (cache.size >= maxEntries) {
        const now = clock.now();
        for (const [key, entry] of cache) if (now >= entry.exp! * 1000) cache.delete(key);
        // Still full: the oldest entry goes (its token is verified again if it comes back).
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      }
      cache.set(token, payload);
    },
  };
}
