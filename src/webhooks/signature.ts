import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * Both signatures use one key: the UTF-8 bytes of the hook's signing key. The Standard Webhooks
 * secret is the same bytes written as `whsec_<base64>`, so regenerating the signing key rotates both
 * and a receiver can derive one from the other.
 */
export function standardWebhookSecret(signingKey: string): string {
  return `whsec_${Buffer.from(signingKey, 'utf8').toString('base64')}`;
}

// A few hooks sign every delivery: a key imported once halves the cost of each HMAC (a string key is
// converted and imported again on every call).
const importedKeys = new Map<string, KeyObject>();

function hmacKey(signingKey: string): KeyObject {
  let key = importedKeys.get(signingKey);
  if (key) return key;
  // Bounded: signing keys change rarely, so dropping all now and then costs little.
  if (importedKeys.size >= 1000) importedKeys.clear();
  key = createSecretKey(Buffer.from(signingKey, 'utf8'));
  importedKeys.set(signingKey, key);
  return key;
}

/** `service-signature-sha-256`: hex HMAC-SHA256 of the exact body bytes (Logto's scheme). */
export function bodySignature(signingKey: string, body: string): string {
  return createHmac('sha256', hmacKey(signingKey)).update(body, 'utf8').digest('hex');
}

/** The Standard Webhooks headers for one attempt; `messageId` is stable across retries. */
export function standardWebhookHeaders(
  signingKey: string,
  messageId: string,
  body: string,
  now: Date = new Date(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signature = createHmac('sha256', hmacKey(signingKey))
    .update(`${messageId}.${timestamp}.`, 'utf8')
    .update(body, 'utf8')
    .digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}

/** Headers a hook configuration may never set: the receiver's trust rests on them. */
export const reservedHeaderNames = new Set([
  'service-signature-sha-256',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);
