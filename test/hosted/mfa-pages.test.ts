import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { names, only, tapAllEvents } from '../experience/events.js';
import { userDataPayload } from '../experience/payloads.js';
import { startChromium } from '../support/chromium.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { nextTotpCode, setMfaPolicy, totpCode } from '../mfa/journey.js';
import { assertAllLabelled, assertNoOverflow, backAtApplication, openSignIn, screenshot } from './pages.js';

describe('hosted MFA pages in Chromium: TOTP, backup codes, passkeys', async () => {
  // localhost: a WebAuthn relying party cannot be an IP address.
  const t = await startTestService({ hostname: 'localhost' });
  const events = await tapAllEvents(t);
  const chromium = await startChromium();
  const app = await createApplication(t, 'Traditional');
  const password = 'Hosted-Mfa-Password-1';

  const passwordStep = async (page: Page, username: string) => {
    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('binds an authenticator app (QR and key) with backup codes, then asks for its code next time', async () => {
    await setMfaPolicy(t, ['Totp', 'BackupCode'], 'Mandatory');
    const user = await createUser(t, password);
    await events.take();
    const page = await chromium.newPage({ width: 360, height: 740 });
    const first = await openSignIn(t, app, page);
    await passwordStep(page, user.username);
    await page.getByRole('heading', { name: 'Add a second factor' }).waitFor();
    await screenshot(page, 'mfa-choose');
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Secret key').textContent())!.trim();
    await assertNoOverflow(page);
    await assertAllLabelled(page);
    await screenshot(page, 'mfa-totp-binding');
    await page.getByLabel('Authenticator code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    const backupCode = (await codes.first().textContent())!.trim();
    await assertNoOverflow(page);
    await assertAllLabelled(page);
    await screenshot(page, 'mfa-backup-codes');
    await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
    await backAtApplication(page, first);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn', 'User.Data.Updated']);
    assert.equal(userDataPayload.parse(only(fired, 'User.Data.Updated')).interactionEvent, 'SignIn');

    // Next sign-in (a fresh browser): the authenticator code is asked before the application gets a code.
    const next = await chromium.newPage();
    const second = await openSignIn(t, app, next);
    await passwordStep(next, user.username);
    await next.getByRole('heading', { name: 'Verify it’s you' }).waitFor();
    await assertAllLabelled(next);
    await screenshot(next, 'mfa-totp-challenge');
    await next.getByLabel('Authenticator code').fill('000000');
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.getByRole('alert').filter({ hasText: 'authenticator code is not right' }).waitFor();
    assert.deepEqual(await events.take(), [], 'no PostSignIn before the second factor');
    await next.getByLabel('Authenticator code').fill(nextTotpCode(secret));
    await next.getByRole('button', { name: 'Verify' }).click();
    const tokens = await backAtApplication(next, second);
    assert.ok((tokens.claims()?.amr as string[]).includes('mfa'));
    assert.deepEqual(names(await events.take()), ['PostSignIn']);

    // And a backup code instead of the app.
    const third = await chromium.newPage();
    const withBackup = await openSignIn(t, app, third);
    await passwordStep(third, user.username);
    await third.getByRole('button', { name: 'Use a backup code' }).click();
    await third.getByLabel('Backup code').fill(backupCode);
    await third.getByRole('button', { name: 'Verify' }).click();
    await backAtApplication(third, withBackup);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
    const factors = await t.api<{ type: string; remainCodes?: number }[]>(
      'GET',
      `/users/${user.id}/mfa-verifications`,
    );
    assert.equal(factors.body.find((f) => f.type === 'BackupCode')?.remainCodes, 9);
  });

  it('adds a passkey with Chromium’s virtual authenticator and signs in with it', async () => {
    await setMfaPolicy(t, ['WebAuthn'], 'Mandatory');
    const user = await createUser(t, password);
    await events.take();
    const page = await chromium.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const first = await openSignIn(t, app, page);
    await passwordStep(page, user.username);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await backAtApplication(page, first);
    assert.deepEqual(names(await events.take()), ['PostSignIn', 'User.Data.Updated']);

    // The same browser profile holds the passkey; its session is signed out by a new prompt=login.
    const second = await openSignIn(t, app, page, { prompt: 'login' });
    await passwordStep(page, user.username);
    await page.getByRole('button', { name: 'Continue with a passkey' }).waitFor();
    await screenshot(page, 'mfa-passkey-challenge');
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    const tokens = await backAtApplication(page, second);
    assert.deepEqual([...(tokens.claims()?.amr as string[])].sort(), ['hwk', 'mfa', 'pwd']);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
  });

  it('offers a second factor at sign-in under a user-controlled policy; “Not now” is remembered', async () => {
    await setMfaPolicy(t, ['Totp', 'BackupCode'], 'UserControlled');
    const user = await createUser(t, password);
    await events.take();
    const page = await chromium.newPage({ width: 360, height: 740 });
    const first = await openSignIn(t, app, page);
    await passwordStep(page, user.username);
    await page.getByRole('heading', { name: 'Add a second factor' }).waitFor();
    await page.getByRole('button', { name: 'Use an authenticator app' }).waitFor();
    await assertNoOverflow(page);
    await assertAllLabelled(page);
    await screenshot(page, 'mfa-offer-sign-in');
    await page.getByRole('button', { name: 'Not now' }).click();
    await backAtApplication(page, first);
    assert.deepEqual(names(await events.take()), ['PostSignIn'], 'declining binds nothing');

    // The next sign-in (a fresh browser) goes straight back: the offer is not repeated.
    const next = await chromium.newPage();
    const second = await openSignIn(t, app, next);
    await passwordStep(next, user.username);
    const tokens = await backAtApplication(next, second);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
  });
});
