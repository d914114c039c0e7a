import nodemailer from 'nodemailer';
import type { MessageConnector } from './connector.js';

/** E-mail through an SMTP server (`TESSERA_SMTP_URL`, e.g. smtps://user:pass@mail.example.com). */
export function createSmtpConnector(settings: { url: string; from: string }): MessageConnector {
  const transport = nodemailer.createTransport(settings.url);
  return {
    name: 'smtp',
    async send(message) {
      if (message.channel !== 'email') throw new Error('the SMTP connector only sends e-mail');
      await transport.sendMail({
        from: settings.from,
        to: message.recipient,
        subject: message.subject,
        text: message.content,
      });
    },
  };
}
