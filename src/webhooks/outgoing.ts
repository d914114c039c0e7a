import type { OutgoingWebhook } from './http-sender.js';
import { bodySignature, standardWebhookHeaders } from './signature.js';

export interface HookTarget {
  url: string;
  headers: Record<string, string>;
  signingKey: string;
}

/**
 * Header order is the contract: defaults, then the hook's own headers (which may replace
 * user-agent and content-type), then the signatures, which nothing can replace.
 */
export function signedRequest(
  hook: HookTarget,
  messageId: string,
  body: string,
  userAgent: string,
): OutgoingWebhook {
  return {
    url: hook.url,
    body,
    headers: {
      'user-agent': userAgent,
      'content-type': 'application/json',
      ...hook.headers,
      'service-signature-sha-256': bodySignature(hook.signingKey, body),
      ...standardWebhookHeaders(hook.signingKey, messageId, body),
    },
  };
}
