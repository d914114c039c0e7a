import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { names, tapAllEvents } from './events.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { expectStatus, latestCode, openExperience } from './journeys.js';
import { rateLimitedPayload } from './payloads.js';

describe('per-recipient send limit', async () => {
  // No minimum gap, so six sends can follow each other; the default 5 per hour.
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'SPA');

  it('answers the sixth send in the hour with 429 and fires Message.RateLimited', async () => {
    const email = `limited.${newId(6)}@example.com`;
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const send = () =>
      call('POST', '/verification/verification-code', { identifier: { type: 'email', value: email } });
    for (let i = 0; i < 5; i++) expectStatus(await send(), 200);
    const messages = await t.api<unknown[]>('GET', `/messages?recipient=${email}`);
    assert.equal(messages.body.length, 5);
    assert.equal(messages.headers.get('total-number'), '5');
    assert.match(await latestCode(t, email), /^\d{6}$/);
    assert.deepEqual(names(await events.take()), []);

    expectStatus(await send(), 429, 'request.message_rate_limited');
    // The recipient is the same however the address is spelled.
    const shouted = await call('POST', '/verification/verification-code', {
      identifier: { type: 'email', value: email.toUpperCase() },
    });
    expectStatus(shouted, 429, 'request.message_rate_limited');
    assert.equal(
      (await t.api<unknown[]>('GET', `/messages?recipient=${email}`)).body.length,
      5,
      'nothing sent',
    );

    const fired = await events.take();
    assert.deepEqual(names(fired), ['Message.RateLimited', 'Message.RateLimited']);
    const limited = rateLimitedPayload.parse(fired[0]);
    assert.equal(limited.action, 'VerificationCodeSend');
    assert.equal(limited.recipient, email);
    assert.equal(limited.interactionEvent, 'Register');
    assert.equal(limited.applicationId, app.id);
    assert.ok(limited.ip);
  });

  it('counts recipients apart: another address still gets its code', async () => {
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const other = { type: 'phone', value: `1555${String(Date.now()).slice(-7)}` };
    expectStatus(await call('POST', '/verification/verification-code', { identifier: other }), 200);
  });

  it('applies no limit to management-side sends and fires nothing for them', async () => {
    const email = `managed.${newId(6)}@example.com`;
    for (let i = 0; i < 7; i++) expectStatus(await t.api('POST', '/verification-codes', { email }), 204);
    const code = await latestCode(t, email);
    expectStatus(await t.api('POST', '/verification-codes/verify', { email, verificationCode: code }), 204);
    expectStatus(
      await t.api('POST', '/verification-codes/verify', { email, verificationCode: code }),
      400,
      'verification_code.not_found',
    );
    assert.deepEqual(names(await events.take()), []);
  });
});
