import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { expectStatus, openExperience } from './journeys.js';
import { startSmtpServer } from './smtp.js';

describe('SMTP connector', async () => {
  const smtp = await startSmtpServer();
  after(() => smtp.close());
  const t = await startTestService({
    env: { TESSERA_SMTP_URL: smtp.url, TESSERA_SMTP_FROM: 'Tessera <no-reply@tessera.test>' },
  });
  const app = await createApplication(t, 'SPA');

  it('delivers e-mail codes over SMTP and records nothing', async () => {
    const email = `smtp.${newId(6)}@example.com`;
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const identifier = { type: 'email', value: email };
    const sent = expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    const mail = smtp.mails.find((candidate) => candidate.to.some((to) => to.includes(email)));
    assert.ok(mail, 'the SMTP server received the message');
    assert.match(mail.from, /no-reply@tessera\.test/);
    assert.match(mail.data, /Subject: Your registration code/);
    const code = /verification code is (\d{6})/.exec(mail.data)?.[1];
    assert.ok(code);
    const recorded = await t.api<unknown[]>('GET', `/messages?recipient=${email}`);
    assert.deepEqual(recorded.body, [], 'the recording connector is not used for e-mail');
    const verify = { identifier, verificationId: sent.verificationId, code };
    expectStatus(await call('POST', '/verification/verification-code/verify', verify), 200);
  });

  it('answers 502 connector.general_error when the SMTP server is gone', async () => {
    await smtp.close();
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const identifier = { type: 'email', value: `down.${newId(6)}@example.com` };
    expectStatus(
      await call('POST', '/verification/verification-code', { identifier }),
      502,
      'connector.general_error',
    );
  });

  it('refuses an SMTP URL without a sender, and a non-SMTP URL', () => {
    assert.throws(() => loadConfig({ TESSERA_SMTP_URL: 'smtp://127.0.0.1:25' }), ConfigError);
    assert.throws(
      () => loadConfig({ TESSERA_SMTP_URL: 'http://mail', TESSERA_SMTP_FROM: 'a@b.c' }),
      ConfigError,
    );
  });
});
