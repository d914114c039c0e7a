import { timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import { secretDigest } from '../storage/ids.js';

/** The extra client metadata member carrying what client authentication checks besides the legacy secret. */
export const SECRETS_METADATA = 'tessera_secrets';

export interface ClientSecrets {
  /** Whether `client_secret` is the application's legacy secret (otherwise an unguessable stand-in). */
  legacy: boolean;
  /** SHA-256 digests (hex) of the named secrets, with their expiry in epoch milliseconds. */
  named: Array<{ digest: string; expiresAt: number | null }>;
}

/** oidc-provider needs a `client_secret` for secret-based authentication; this one is never accepted. */
export function standInSecret(applicationId: string): string {
  return `unusable.${secretDigest(`stand-in:${applicationId}`)}`;
}

function matchesNamed(secrets: ClientSecrets | undefined, actual: string, now: number): boolean {
  // Whether an application has named secrets is not secret; the digest is skipped when it has none.
  if (!secrets?.named.length) return false;
  const digest = Buffer.from(secretDigest(actual), 'hex');
  let matched = false;
  // Every digest is compared, in constant time each, whatever matched before.
  for (const { digest: stored, expiresAt } of secrets.named) {
    const equal = timingSafeEqual(Buffer.from(stored, 'hex'), digest);
    matched = (equal && (expiresAt === null || expiresAt > now)) || matched;
  }
  return matched;
}

/**
 * oidc-provider compares `client_secret` with the stored plaintext only; named secrets are stored
 * as digests, so the comparison is extended: the legacy secret (when the application still has
 * one) or any unexpired named secret authenticates the client.
 */
export function acceptNamedSecrets(provider: Provider): void {
  const prototype = provider.Client.prototype as unknown as {
    compareClientSecret(this: Record<string, unknown>, actual: string): boolean | Promise<boolean>;
  };
  const compareLegacy = prototype.compareClientSecret;
  prototype.compareClientSecret = async function compare(actual) {
    const secrets = this[SECRETS_METADATA] as ClientSecrets | undefined;
    const legacy = secrets?.legacy !== false && (await compareLegacy.call(this, actual));
    return matchesNamed(secrets, actual, Date.now()) || legacy;
  };
}
