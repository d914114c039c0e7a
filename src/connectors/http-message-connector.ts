import type { MessageConnector } from './message-connector.js';
import { createSender } from '../webhooks/http-sender.js';
import type { HttpMessageConfig } from './config-schemas.js';
import { applyTemplate, usageTypeOf } from './templates.js';

export interface OutboundPolicy {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  userAgent: string;
}

/**
 * HTTP e-mail and SMS: one JSON POST per message, `{to, type, payload: {code, subject, content}}`,
 * through the webhooks' sender: the same SSRF guard and a connection pinned to the address it
 * accepted, no redirects, the response body never read into anything. Any non-2xx is a failure.
 */
export function createHttpMessageConnector(
  config: HttpMessageConfig,
  policy: OutboundPolicy,
): MessageConnector {
  return {
    name: 'http',
    async send(message) {
      const rendered = applyTemplate(message, config.templates);
      const body = JSON.stringify({
        to: message.recipient,
        type: usageTypeOf(message.purpose),
        payload: {
          ...message.variables,
          code: message.code,
          subject: rendered.subject,
          content: rendered.content,
          contentType: rendered.contentType,
        },
      });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': policy.userAgent,
        ...(config.authorization ? { authorization: config.authorization } : {}),
      };
      const sender = createSender(policy);
      try {
        const outcome = await sender.send({ url: config.endpoint, headers, body });
        if (outcome.kind === 'error') throw new Error(`HTTP connector: ${outcome.error}`);
        if (outcome.statusCode < 200 || outcome.statusCode > 299) {
          throw new Error(`HTTP connector: the endpoint answered ${outcome.statusCode}`);
        }
      } finally {
        sender.close();
      }
    },
  };
}
