import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Webhook } from 'standardwebhooks';

/**
 * Both signatures use one key: the UTF-8 bytes of the hook's signing key. The Standard Webhooks
 * secret is the same bytes written as `whsec_<base64>`, so regenerating the signing key rotates both
 * and a receiver can derive one from the other.
 */
export function standardWebhookSecret(signingKey: string): string {
  return `whsec_${Buffer.from(signingKey, 'utf8').toString('base64')}`;
}

interface Signers {
  /** For `service-signature-sha-256`: an imported key halves the cost of each HMAC. */
  body: KeyObject;
  /** The standardwebhooks package signs `webhook-signature`. */
  standard: Webhook;
}

// A few hooks sign every delivery, so each key is prepared once; signing keys change rarely.
const signersByKey = new LRUCache<string, Signers>({ max: 1000 });

function signers(signingKey: string): Signers {
  let found = signersByKey.get(signingKey);
  if (!found) {
    found = {
      body: createSecretKey(Buffer.from(signingKey, 'utf8')),
      standard: new Webhook(standardWebhookSecret(signingKey)),
    };
    signersByKey.set(signingKey, found);
  }
  return found;
}

/** `service-signature-sha-256`: hex HMAC-SHA256 of the exact body bytes (Logto's scheme). */
export function bodySignature(signingKey: string, body: string): string {
  return createHmac('sha256', signers(signingKey).body).update(body, 'utf8').digest('hex');
}

/** The Standard Webhooks headers for one attempt; `messageId` is stable across retries. */
export function standardWebhookHeaders(
  signingKey: string,
  messageId: string,
  body: string,
  now: Date = new Date(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signers(signingKey).standard.sign(messageId, now, body),
  };
}

/** Headers a hook configuration may never set: the receiver's trust rests on them. */
export const reservedHeaderNames = new Set([
  'service-signature-sha-256',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);
