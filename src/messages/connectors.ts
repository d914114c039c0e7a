import type { Services } from '../services.js';
import { connectorInUse } from '../connectors/connector-lookup.js';
import { buildMessageConnector } from '../connectors/message-connectors.js';
import { apiError } from '../http/error-registry.js';
import type { MessageConnector, OutgoingMessage } from '../connectors/message-connector.js';
import { createRecordingConnector } from '../connectors/recording-connector.js';
import { createSmtpConnector } from '../connectors/smtp-connector.js';
import { localizeEmail, messageLanguages } from './localized-template.js';

/**
 * The connector of a channel, resolved at send time: the e-mail or SMS connector configured
 * through `/api/connectors` if there is one, else the `TESSERA_SMTP_*` bootstrap for e-mail,
 * else the recording connector.
 */
async function connectorFor(services: Services, message: OutgoingMessage): Promise<MessageConnector> {
  const row = await connectorInUse(services.db, message.channel === 'email' ? 'Email' : 'Sms');
  if (row) return buildMessageConnector(services.db, services.config, row);
  const smtp = services.config.messages.smtp;
  if (message.channel === 'email' && smtp) return bootstrapSmtp(smtp);
  return createRecordingConnector(services.db);
}

// One transport per bootstrap URL, so pooled connections are reused across sends.
const bootstrap = new Map<string, MessageConnector>();
function bootstrapSmtp(smtp: { url: string; from: string }): MessageConnector {
  const key = `${smtp.url} ${smtp.from}`;
  let connector = bootstrap.get(key);
  if (!connector)
    bootstrap.set(key, (connector = createSmtpConnector({ transport: smtp.url, from: smtp.from })));
  return connector;
}

/**
 * Hands the message to its channel's connector, an e-mail rendered first from the template of
 * its usage in the first of `languages` (then the fallback language) that has one, else the
 * connector's template of that language (see localized-template.ts); a failed hand-over is a 502.
 */
export async function deliverMessage(
  services: Services,
  message: OutgoingMessage,
  languages: readonly string[] = [],
): Promise<void> {
  const candidates = await messageLanguages(services.db, languages);
  const localized = await localizeEmail(services.db, { ...message, languages: candidates }, candidates);
  await sendThrough(await connectorFor(services, localized), localized);
}

export async function sendThrough(connector: MessageConnector, message: OutgoingMessage): Promise<void> {
  try {
    await connector.send(message);
  } catch (error) {
    // The connector's own error (an SMTP reply, say) is logged through `cause`, never sent.
    const failure = apiError('connector.general_error#message');
    throw Object.assign(failure, { cause: error });
  }
}
