import { createLocalJWKSet, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../storage/database.js';
import type { SigningAlg } from './signing-keys.repository.js';
import { loadSigningKeys, signingKeyOf, type SigningKey } from './signing-keys.js';

// A token naming a key this instance does not know makes it re-read the keys at most this often.
const UNKNOWN_KID_REFRESH_MS = 1000;
// A pending key's activation is read this long after its time, so the database sees it come.
const ACTIVATION_SLACK_MS = 20;

type Listener = (keys: SigningKey[]) => Promise<void>;

/**
 * The published signing keys as this instance knows them, pending ones included. oidc-provider
 * reads its keys once, when it is built, so a change (a rotation on any instance, a pending key
 * reaching its activation, a key reaching the end of its overlap) is handed to listeners that
 * rebuild it; verifiers read `verificationKeys()` at each call. A pending key's activation is
 * read at its time, not at the next periodic refresh, so every instance switches together.
 */
export class SigningKeyRing {
  private current: SigningKey[];
  private localKeys: ReturnType<typeof createLocalJWKSet>;
  private keySet: JWTVerifyGetKey;
  private readonly listeners: Listener[] = [];
  private timer: NodeJS.Timeout | undefined;
  private activation: NodeJS.Timeout | undefined;
  private stopped = false;
  private refreshing: Promise<boolean> | undefined;
  private lookedAgainAt = 0;

  private constructor(
    private readonly db: Db,
    private readonly issuer: string,
    keys: SigningKey[],
  ) {
    this.current = keys;
    this.localKeys = createLocalJWKSet({ keys: keys.map((key) => key.publicJwk) });
    this.keySet = this.verifierOf(this.localKeys);
  }

  static async load(db: Db, issuer: string): Promise<SigningKeyRing> {
    return new SigningKeyRing(db, issuer, await loadSigningKeys(db));
  }

  get keys(): SigningKey[] {
    return this.current;
  }

  /** The algorithm new tokens are signed with: the signing key's. */
  get signingAlg(): SigningAlg {
    return signingKeyOf(this.current).alg;
  }

  /**
   * The keys tokens are verified with; one object per published set, so a cache keyed by it ends
   * with a change. A token of this issuer naming a key not among them (rotated on another instance
   * since this one last looked) makes the ring re-read the keys, at most once a second, before it
   * is refused.
   */
  verificationKeys(): JWTVerifyGetKey {
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

  startRefreshing(intervalMs: number): void {
    this.timer = setInterval(() => this.refreshQuietly(), intervalMs);
    this.timer.unref();
    this.awaitActivation(this.current);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.activation);
  }

  // A database outage is someone else's report; the keys in hand stay valid meanwhile.
  private refreshQuietly(): void {
    this.refresh().catch(() => undefined);
  }

  /** Re-reads the keys when the first pending one is due to sign. */
  private awaitActivation(keys: SigningKey[]): void {
    clearTimeout(this.activation);
    const waits = keys.filter((key) => key.pendingMs > 0).map((key) => key.pendingMs);
    if (this.stopped || !this.timer || waits.length === 0) return;
    this.activation = setTimeout(() => this.refreshQuietly(), Math.min(...waits) + ACTIVATION_SLACK_MS);
    this.activation.unref();
  }

  private async reload(): Promise<boolean> {
    const keys = await loadSigningKeys(this.db);
    if (keys.length === 0) return false;
    this.awaitActivation(keys);
    if (fingerprint(keys) === fingerprint(this.current)) return false;
    // Listeners first: if one fails, the next refresh tries the whole change again.
    for (const listener of this.listeners) await listener(keys);
    this.current = keys;
    this.localKeys = createLocalJWKSet({ keys: keys.map((key) => key.publicJwk) });
    this.keySet = this.verifierOf(this.localKeys);
    return true;
  }

  private verifierOf(localKeys: ReturnType<typeof createLocalJWKSet>): JWTVerifyGetKey {
    return async (header, token) => {
      try {
        return await localKeys(header, token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || !this.mayLookAgain(token.payload))
          throw error;
        this.lookedAgainAt = Date.now();
        await this.refresh().catch(() => false);
        return this.localKeys(header, token);
      }
    };
  }

  private mayLookAgain(payload: string | Uint8Array): boolean {
    if (Date.now() - this.lookedAgainAt < UNKNOWN_KID_REFRESH_MS || typeof payload !== 'string') return false;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString()).iss === this.issuer;
    } catch {
      return false;
    }
  }
}

function fingerprint(keys: SigningKey[]): string {
  return keys.map((key) => `${key.kid}${key.pendingMs > 0 ? ' pending' : ''}`).join(',');
}
