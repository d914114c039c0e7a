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
      const localized = message.emailTemplate;
      const html =
        ('contentType' in mail && mail.contentType === 'text/html') || localized?.contentType === 'text/html';
      const replyTo = localized?.replyTo ?? settings.replyTo;
      try {
        await transport.sendMail({
          // A template's `sendFrom` names the sender; the address stays the configured one.
          from: localized?.sendFrom
            ? { name: localized.sendFrom, address: addressOf(settings.from) }
            : settings.from,
          ...(replyTo ? { replyTo } : {}),
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

/** `no-reply@example.com` of `Example <no-reply@example.com>` (or of the bare address). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
