import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { latestCode } from '../experience/journeys.js';
import { rateLimitedPayload, userFlowPayload } from '../experience/payloads.js';
import { startChromium } from '../support/chromium.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { assertAllLabelled, assertNoOverflow, backAtApplication, openSignIn, screenshot } from './pages.js';

describe('hosted pages in Chromium: phone number sign-in and the send limit', async () => {
  const t = await startTestService({
    env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0', TESSERA_SEND_LIMIT_PER_HOUR: '3' },
  });
  const events = await tapAllEvents(t);
  const chromium = await startChromium();
  const app = await createApplication(t, 'Traditional');
  const password = 'Phone-Password-1';
  let serial = 0;

  /** A user with a phone number (digits, as stored) and how a person types it. */
  const phoneUser = async () => {
    const phone = `4930${String(Date.now() + serial++).slice(-7)}`;
    const typed = `+49 30 ${phone.slice(4, 7)} ${phone.slice(7)}`;
    const created = await t.api<{ id: string }>('POST', '/users', {
      username: `phone_${newId(6)}`,
      password,
      primaryPhone: `+${phone}`,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    await events.take();
    return { id: created.body.id, phone, typed };
  };

  it('signs in with a phone number and a password', async () => {
    const user = await phoneUser();
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await openSignIn(t, app, page);
    await page.getByLabel('Username or e-mail').fill(user.typed);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const tokens = await backAtApplication(page, authorization);
    assert.equal(tokens.claims()?.sub, user.id);
    const signedIn = userFlowPayload.parse(only(await events.take(), 'PostSignIn'));
    assert.equal(signedIn.userId, user.id);
  });

  it('signs in with a code sent to the phone', async () => {
    const user = await phoneUser();
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('button', { name: 'Use a one-time code instead' }).click();
    await page.getByLabel('E-mail or phone').fill(user.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `If an account uses ${user.typed}, a code is on its way to it` })
      .waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(t, user.phone));
    await page.getByRole('button', { name: 'Sign in' }).click();
    assert.equal((await backAtApplication(page, authorization)).claims()?.sub, user.id);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
  });

  it('says the send limit in words with the wait, never a raw code; Message.RateLimited fires', async () => {
    const user = await phoneUser();
    const page = await chromium.newPage({ width: 360, height: 740 });
    await openSignIn(t, app, page);
    await page.getByRole('button', { name: 'Use a one-time code instead' }).click();
    await page.getByLabel('E-mail or phone').fill(user.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').waitFor();
    const sent = async () => (await t.api<unknown[]>('GET', `/messages?recipient=${user.phone}`)).body.length;
    const resend = async () => {
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/experience/verification/verification-code',
      );
      await page.getByRole('button', { name: 'Send a new code' }).click();
      return (await answered).status();
    };
    // Two more within the limit of three an hour, then one too many.
    assert.equal(await resend(), 200);
    assert.equal(await resend(), 200);
    assert.equal(await sent(), 3);
    assert.equal(await resend(), 429);
    const alert = page.getByRole('alert').filter({ hasText: 'Too many codes were sent to this address' });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    assert.match(text, /You can ask for another one in (59|60) minutes\./);
    assert.doesNotMatch(text, /request\.|rate_limited|429/, 'no raw code');
    assert.equal(await sent(), 3, 'nothing sent over the limit');
    await assertNoOverflow(page);
    await assertAllLabelled(page);
    await screenshot(page, 'sign-in-send-limit');
    const limited = rateLimitedPayload.parse(only(await events.take(), 'Message.RateLimited'));
    assert.equal(limited.recipient, user.phone);
  });
});
