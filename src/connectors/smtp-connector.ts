import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MessageConnector, OutgoingMessage } from './message-connector.js';

type Transport = string | SMTPTransport.Options;

/**
 * E-mail through an SMTP server: the `TESSERA_SMTP_URL` bootstrap (e.g.
 * smtps://user:pass@mail.example.com) or an SMTP connector's settings. `transport` may be a
 * function, so a connector can check the server's address right before each send.
 */
export function createSmtpConnector(settings: {
  transport: Transport | (() => Promise<Transport>);
  from: string;
  replyTo?: string;
  render?: (message: OutgoingMessage) => OutgoingMessage & { contentType?: string };
}): MessageConnector {
  const fixed =
    typeof settings.transport === 'function' ? undefined : nodemailer.createTransport(settings.transport);
  return {
    name: 'smtp',
    async send(message) {
      if (message.channel !== 'email') throw new Error('the SMTP connector only sends e-mail');
      const transport =
        fixed ?? nodemailer.createTransport(await (settings.transport as () => Promise<Transport>)());
      const mail = settings.render ? settings.render(message) : message;
      const html = 'contentType' in mail && mail.contentType === 'text/html';
      try {
        await transport.sendMail({
          from: settings.from,
          ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
          to: mail.recipient,
          subject: mail.subject,
          ...(html ? { html: mail.content } : { text: mail.content }),
        });
      } finally {
        if (!fixed) transport.close();
      }
    },
  };
}
