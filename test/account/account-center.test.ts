import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { names, tapAllEvents } from '../experience/events.js';
import { expectStatus, latestCode } from '../experience/journeys.js';
import { newId } from '../../src/storage/ids.js';
import { userDataPayload } from '../experience/payloads.js';
import { setMfaPolicy, totpCode } from '../mfa/journey.js';
import { cspViolationsOf, launchBrowser, newPage } from '../support/browser.js';
import { signIn } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { startUpstreamIdp } from '../support/upstream-idp.js';
import { signInToConsole } from '../web/console-fixtures.js';

const ACCOUNT_APP = 'tessera-account';

describe('account center at /account in Chromium', async () => {
  // localhost: a WebAuthn relying party cannot be an IP address.
  const t = await startTestService({
    hostname: 'localhost',
    // Two codes go to one address within the minute (verifying it, then a proof of identity).
    env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' },
  });
  const events = await tapAllEvents(t);
  // The pages run on BASE_URL's origin (the issuer's), not on the loopback address the API is called at.
  const origin = t.config.baseUrl;
  const browser: Browser = await launchBrowser();
  const app = await createApplication(t, 'Traditional');
  const password = 'Account-Center-Password-1';
  await setMfaPolicy(t, ['Totp', 'BackupCode'], 'NoPrompt');

  /** The account center sends the browser to the hosted sign-in page and gets it back signed in. */
  const signInAtAccount = async (page: Page, username: string, secret: string) => {
    await page.goto(`${origin}/account`);
    await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
    // The hosted page may speak the browser's language: English or German names.
    await page.getByRole('textbox', { name: /user|benutzer/i }).fill(username);
    await page.getByLabel(/passwor/i).fill(secret);
    await page.getByRole('button', { name: /^(sign in|anmelden)$/i }).click();
    await page.waitForURL((url) => url.pathname === '/account', { timeout: 30_000 });
  };

  const accountEvent = async () => {
    const fired = await events.take();
    assert.deepEqual(names(fired), ['User.Data.Updated']);
    const payload = userDataPayload.parse(fired[0]);
    assert.equal(payload.applicationId, ACCOUNT_APP, 'the Account API context: the account center app');
    assert.equal((fired[0] as { path?: string }).path, undefined, 'no management context');
    return payload;
  };

  it('a user changes name, password and e-mail, adds and removes an authenticator app, signs out elsewhere', async () => {
    const user = await createUser(t, password);
    // Another browser session of the same user, in an application.
    const elsewhere = await signIn(t, app, user, password);
    await events.take();

    const page = await newPage(browser);
    await signInAtAccount(page, user.username, password);
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await events.take();

    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    assert.equal((await accountEvent()).data.name, 'Grace Hopper');

    // The password: the service asks for the current one first.
    const next = 'Account-Center-Password-2';
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('New password', { exact: true }).fill(next);
    await passwordSection.getByLabel('Repeat the new password').fill(next);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The password is incorrect.' }).waitFor();
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await passwordSection.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor();
    await accountEvent();
    const old = await t.api('POST', '/users/' + user.id + '/password/verify', { password });
    assert.equal(old.status, 422, 'the old password no longer works');
    expectStatus(await t.api('POST', `/users/${user.id}/password/verify`, { password: next }), 204);

    // An authenticator app, then removed again (the proof of identity is still fresh: no prompt).
    const mfa = page.getByRole('region', { name: 'Two-step verification' });
    await mfa.getByText('No second factor yet.').waitFor();
    await mfa.getByRole('button', { name: 'Add an authenticator app' }).click();
    await mfa.getByRole('img', { name: 'QR code of the authenticator secret' }).waitFor();
    const secret = (await mfa.getByLabel('Authenticator key').textContent())!.trim();
    await mfa.getByLabel('Code from the app').fill(totpCode(secret));
    await mfa.getByRole('button', { name: 'Turn on' }).click();
    await mfa.getByRole('button', { name: 'Remove Authenticator app' }).waitFor();
    await accountEvent();
    const factors = expectStatus(await t.api('GET', `/users/${user.id}/mfa-verifications`), 200);
    assert.deepEqual(
      factors.map((factor: { type: string }) => factor.type),
      ['Totp'],
    );
    await mfa.getByRole('button', { name: 'Remove Authenticator app' }).click();
    await mfa.getByText('No second factor yet.').waitFor();
    await accountEvent();

    // A primary e-mail address, verified by the code sent to it.
    const email = `grace.${newId(6)}@example.com`;
    const mail = page.getByRole('region', { name: 'E-mail address' });
    await mail.getByText('No e-mail address yet.').waitFor();
    await mail.getByLabel('New e-mail address').fill(email);
    await mail.getByRole('button', { name: 'Send code' }).click();
    await mail.getByLabel('Verification code').waitFor();
    await mail.getByLabel('Verification code').fill(await latestCode(t, email));
    await mail.getByRole('button', { name: 'Verify and save' }).click();
    await mail.getByText(`Your e-mail address: ${email}`).waitFor();
    assert.equal((await accountEvent()).data.primaryEmail, email);

    // The other session: listed, and signed out from here.
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await sessions.getByText('this browser').waitFor();
    const endOther = sessions.getByRole('button', { name: /^Sign out the session signed in/ });
    assert.equal(await endOther.count(), 1);
    await endOther.click();
    await sessions.getByRole('listitem').first().waitFor();
    await endOther.waitFor({ state: 'detached' });
    assert.equal(await sessions.getByRole('listitem').count(), 1);
    const after = await fetch(`${t.baseUrl}/api/my-account`, {
      headers: { authorization: `Bearer ${elsewhere.tokens.access_token}` },
    });
    assert.equal(after.status, 401, 'the other session’s tokens went with it');

    // A proof by a code to the primary e-mail address instead of the password (a fresh tab's page,
    // without the proof kept for the tab).
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await mfa.getByRole('button', { name: 'Add an authenticator app' }).click();
    const again = (await mfa.getByLabel('Authenticator key').textContent())!.trim();
    await mfa.getByLabel('Code from the app').fill(totpCode(again));
    await mfa.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByRole('button', { name: `Send a code to ${email} instead` }).click();
    await dialog.getByLabel('Verification code').fill(await latestCode(t, email));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await mfa.getByRole('button', { name: 'Remove Authenticator app' }).waitFor();
    await accountEvent();
    assert.deepEqual(cspViolationsOf(page), []);
  });

  it('speaks German in a German browser', async () => {
    const user = await createUser(t, password);
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await signInAtAccount(page, user.username, password);
    await page.getByRole('heading', { name: 'Ihr Konto', level: 1 }).waitFor();
    const profile = page.getByRole('region', { name: 'Profil' });
    await profile.getByLabel('Name', { exact: true }).fill('Ada');
    await profile.getByRole('button', { name: 'Profil speichern' }).click();
    await profile.getByRole('status').filter({ hasText: 'Profil gespeichert.' }).waitFor();
    await page.getByRole('region', { name: 'Zweistufige Verifizierung' }).waitFor();
    await page.getByRole('button', { name: 'Passwort ändern' }).waitFor();
    assert.equal(await page.evaluate<string>('document.documentElement.lang'), 'de');
    await events.take();
    await context.close();
  });

  it('says the account center is not available when the operator turned it off', async () => {
    expectStatus(await t.api('PATCH', '/account-center', { enabled: false }), 200);
    try {
      const page = await newPage(browser);
      await page.goto(`${origin}/account`);
      await page.getByRole('heading', { name: 'Account center not available' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/account', 'no sign-in when there is nothing to manage');
    } finally {
      expectStatus(await t.api('PATCH', '/account-center', { enabled: true }), 200);
    }
  });

  it('the console sets which fields users may change; the account center follows', async () => {
    const admin = await createUser(t, password);
    expectStatus(
      await t.api('POST', `/users/${admin.id}/roles`, { roleIds: ['management-api-console'] }),
      201,
    );
    const consolePage = await newPage(browser);
    await consolePage.goto(`${origin}/console`);
    await signInToConsole(consolePage, origin, { username: admin.username, password });
    await consolePage.goto(`${origin}/console/sign-in-experience`);
    const section = consolePage.getByRole('region', { name: 'Account center' });
    await section.getByRole('switch', { name: 'Users manage their own account' }).waitFor();
    await section.getByLabel('Name', { exact: true }).selectOption('ReadOnly');
    await section.getByLabel('Two-step verification').selectOption('Off');
    await section.getByRole('button', { name: 'Save account center fields' }).click();
    await section.getByRole('status').filter({ hasText: 'Account center saved.' }).waitFor();
    try {
      const saved = expectStatus(await t.api('GET', '/account-center'), 200);
      assert.equal(saved.fields.name, 'ReadOnly');
      assert.equal(saved.fields.mfa, 'Off');
      const user = await createUser(t, password);
      const page = await newPage(browser);
      await signInAtAccount(page, user.username, password);
      const profile = page.getByRole('region', { name: 'Profile' });
      assert.equal(await profile.getByLabel('Name', { exact: true }).getAttribute('readonly'), '');
      await page.getByRole('region', { name: 'Password' }).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Two-step verification' }).count(), 0);
    } finally {
      expectStatus(await t.api('PATCH', '/account-center', { fields: { name: 'Edit', mfa: 'Edit' } }), 200);
    }
  });

  it('adds a passkey (Chromium’s virtual authenticator) and then backup codes, confirming with the password', async () => {
    await setMfaPolicy(t, ['Totp', 'WebAuthn', 'BackupCode'], 'NoPrompt');
    const user = await createUser(t, password);
    const page = await newPage(browser);
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
    await signInAtAccount(page, user.username, password);
    await events.take();
    const mfa = page.getByRole('region', { name: 'Two-step verification' });
    await mfa.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await mfa.getByRole('button', { name: 'Remove Passkey' }).waitFor();
    await accountEvent();

    await mfa.getByRole('button', { name: 'Generate new backup codes' }).click();
    const codes = mfa.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    await mfa.getByRole('button', { name: 'I have saved these codes' }).click();
    await mfa.getByRole('button', { name: 'Remove Backup codes' }).waitFor();
    await accountEvent();
    const types = expectStatus(await t.api('GET', `/users/${user.id}/mfa-verifications`), 200).map(
      (factor: { type: string }) => factor.type,
    );
    assert.deepEqual(types.sort(), ['BackupCode', 'WebAuthn']);
    assert.deepEqual(cspViolationsOf(page), []);
  });

  it('links a social account through the provider’s sign-in page, lists it, and unlinks it', async () => {
    const idp = await startUpstreamIdp([`${origin}/account/identities/callback`]);
    const connector = expectStatus(
      await t.api('POST', '/connectors', {
        connectorId: 'oidc',
        config: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
        metadata: { target: 'upstream', name: { en: 'Upstream' } },
      }),
      200,
    );
    expectStatus(await t.api('PATCH', '/sign-in-exp', { socialSignInConnectorTargets: ['upstream'] }), 200);
    try {
      const sub = `up-${newId(8)}`;
      idp.accounts.set(sub, { sub, email: `${sub}@example.com`, email_verified: true });
      const user = await createUser(t, password);
      const page = await newPage(browser);
      await signInAtAccount(page, user.username, password);
      await events.take();
      const linked = page.getByRole('region', { name: 'Linked accounts' });
      await linked.getByText('No accounts of other services are linked yet.').waitFor();
      await linked.getByRole('button', { name: 'Link Upstream', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
      await dialog.getByLabel('Current password').fill(password);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      // The provider's own page, then back to the account center on its origin.
      await page.getByLabel('Upstream account').fill(sub);
      await page.getByRole('button', { name: 'Sign in upstream' }).click();
      await linked
        .getByRole('status')
        .filter({ hasText: 'Upstream is linked.' })
        .waitFor({ timeout: 30_000 });
      assert.equal(new URL(page.url()).pathname, '/account');
      await linked
        .getByRole('listitem')
        .filter({ hasText: `Upstream: ${sub}@example.com` })
        .waitFor();
      const identities = (await accountEvent()).data.identities as Record<string, { userId: string }>;
      assert.equal(identities.upstream?.userId, sub);
      assert.equal(await linked.getByRole('button', { name: 'Link Upstream', exact: true }).count(), 0);

      // The proof given before leaving for the provider is still fresh: no second prompt.
      await linked.getByRole('button', { name: 'Unlink Upstream' }).click();
      await linked.getByText('No accounts of other services are linked yet.').waitFor();
      await accountEvent();
      const stored = expectStatus(await t.api('GET', `/users/${user.id}`), 200);
      assert.deepEqual(stored.identities, {});
      assert.deepEqual(cspViolationsOf(page), []);
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { socialSignInConnectorTargets: [] }), 200);
      expectStatus(await t.api('DELETE', `/connectors/${connector.id}`), 204);
    }
  });
});
