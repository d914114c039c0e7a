import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { newId } from '../../src/storage/ids.js';
import { expectStatus, openExperience } from '../experience/journeys.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A real SMTP server (smtp-server) that requires AUTH with one user and keeps every message. */
async function startAuthSmtp(user: string, pass: string) {
  const mails: { from: string; to: string[]; data: string }[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP connector with authentication', async () => {
  const smtp = await startAuthSmtp('mailer', 'correct-horse-battery');
  after(() => smtp.close());
  const t = await startTestService();
  const app = await createApplication(t, 'SPA');

  const sendRegisterCode = async (email: string) => {
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    return call('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
  };

  it('logs in with the stored password, which the API never shows, and keeps it across updates', async () => {
    const created = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'simple-mail-transfer-protocol',
        config: {
          host: '127.0.0.1',
          port: smtp.port,
          auth: { user: 'mailer', pass: 'correct-horse-battery' },
          fromEmail: 'codes@tessera.test',
          templates: [{ usageType: 'Register', subject: 'Join us', content: 'Your code: {{code}}' }],
        },
      }),
      200,
    );
    assert.equal(created.config.auth.pass, '******');
    assert.doesNotMatch(JSON.stringify(await t.api('GET', '/connectors')), /correct-horse/);

    // Sent back as read (masked): the stored password stays.
    expectStatus(await t.api('PATCH', `/connectors/${created.id}`, { config: created.config }), 200);
    const email = `auth.${newId(6)}@example.com`;
    expectStatus(await sendRegisterCode(email), 200);
    const mail = smtp.mails.find((m) => m.to.includes(email));
    assert.ok(mail, 'delivered after AUTH');
    assert.equal(mail.from, 'codes@tessera.test');
    assert.match(mail.data, /Subject: Join us/);
    assert.match(mail.data, /Your code: \d{6}/);

    // A wrong password is a 502 for the caller, with nothing of the server's answer.
    expectStatus(
      await t.api('PATCH', `/connectors/${created.id}`, {
        config: { ...created.config, auth: { user: 'mailer', pass: 'wrong' } },
      }),
      200,
    );
    const refused = await sendRegisterCode(`auth2.${newId(6)}@example.com`);
    expectStatus(refused, 502, 'connector.general_error');
    assert.doesNotMatch(JSON.stringify(refused.body), /invalid credentials/);
  });
});
