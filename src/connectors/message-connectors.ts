import type { Config } from '../config.js';
import type { MessageConnector } from './message-connector.js';
import { createRecordingConnector } from './recording-connector.js';
import { createSmtpConnector } from './smtp-connector.js';
import type { Db } from '../storage/database.js';
import { bareHost, resolveAllowed } from '../webhooks/address-policy.js';
import { httpMessageConfig, recordingConfig, smtpConfig } from './config-schemas.js';
import type { ConnectorRow } from './connectors.repository.js';
import { createHttpMessageConnector, type OutboundPolicy } from './http-message-connector.js';
import { applyTemplate } from './templates.js';

export function outboundPolicy(config: Config): OutboundPolicy {
  const { allowPrivateNetworks, timeoutMs, userAgent } = config.webhooks;
  return { allowPrivateNetworks, timeoutMs, userAgent };
}

/**
 * The message connector a stored e-mail or SMS connector describes. Its config was checked on
 * write; it is parsed again so a row from an older version fails here, not halfway through a send.
 */
export function buildMessageConnector(
  db: Db,
  config: Config,
  row: Pick<ConnectorRow, 'connector_id' | 'config'>,
): MessageConnector {
  const policy = outboundPolicy(config);
  switch (row.connector_id) {
    case 'simple-mail-transfer-protocol': {
      const smtp = smtpConfig.parse(row.config);
      return createSmtpConnector({
        from: smtp.fromEmail,
        replyTo: smtp.replyTo,
        render: (message) => applyTemplate(message, smtp.templates),
        // The server's address passes the SSRF guard before each send; TLS still checks its name.
        transport: async () => {
          const [address] = await resolveAllowed(bareHost(smtp.host), policy.allowPrivateNetworks);
          return {
            host: address!.address,
            port: smtp.port,
            secure: smtp.secure ?? smtp.port === 465,
            ...(smtp.auth ? { auth: smtp.auth } : {}),
            tls: { servername: bareHost(smtp.host) },
            connectionTimeout: policy.timeoutMs,
            greetingTimeout: policy.timeoutMs,
            socketTimeout: policy.timeoutMs,
          };
        },
      });
    }
    case 'http-email':
    case 'http-sms':
      return createHttpMessageConnector(httpMessageConfig.parse(row.config), policy);
    case 'tessera-recording-email':
    case 'tessera-recording-sms': {
      const { templates } = recordingConfig.parse(row.config);
      const recording = createRecordingConnector(db);
      return { name: 'recording', send: (message) => recording.send(applyTemplate(message, templates)) };
    }
    default:
      throw new Error(`connector factory ${row.connector_id} does not send messages`);
  }
}
