import { createLocalJWKSet } from 'jose';
import type { Db } from '../storage/database.js';
import type { SigningAlg } from './signing-keys.repository.js';
import { loadSigningKeys, type SigningKey } from './signing-keys.js';

/** How often every instance re-reads the signing keys: a rotation anywhere takes effect within this. */
export const KEY_REFRESH_INTERVAL_MS = 10_000;

type Listener = (keys: SigningKey[]) => Promise<void>;

/**
 * The published signing keys as this instance knows them. oidc-provider reads its keys once, when
 * it is built, so a change (a rotation on any instance, a key reaching the end of its overlap) is
 * handed to listeners that rebuild it; verifiers read `verificationKeys()` at each call.
 */
export class SigningKeyRing {
  private current: SigningKey[];
  private keySet: ReturnType<typeof createLocalJWKSet>;
  private readonly listeners: Listener[] = [];
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<boolean> | undefined;

  private constructor(
    private readonly db: Db,
    keys: SigningKey[],
  ) {
    this.current = keys;
    this.keySet = createLocalJWKSet({ keys: keys.map((key) => key.publicJwk) });
  }

  static async load(db: Db): Promise<SigningKeyRing> {
    return new SigningKeyRing(db, await loadSigningKeys(db));
  }

  get keys(): SigningKey[] {
    return this.current;
  }

  /** The algorithm new tokens are signed with: the newest key's. */
  get signingAlg(): SigningAlg {
    return this.current[0]!.alg;
  }

  verificationKeys(): ReturnType<typeof createLocalJWKSet> {
    return this.keySet;
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Re-reads the keys; true when the published set changed (and the listeners have run). */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.reload().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  startRefreshing(intervalMs = KEY_REFRESH_INTERVAL_MS): void {
    this.timer = setInterval(() => {
      // A database outage is someone else's report; the keys in hand stay valid meanwhile.
      this.refresh().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async reload(): Promise<boolean> {
    const keys = await loadSigningKeys(this.db);
    if (keys.length === 0 || fingerprint(keys) === fingerprint(this.current)) return false;
    // Listeners first: if one fails, the next refresh tries the whole change again.
    for (const listener of this.listeners) await listener(keys);
    this.current = keys;
    this.keySet = createLocalJWKSet({ keys: keys.map((key) => key.publicJwk) });
    return true;
  }
}

function fingerprint(keys: SigningKey[]): string {
  return keys.map((key) => key.kid).join(',');
}
