import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { latestCode } from '../experience/journeys.js';
import { userFlowPayload } from '../experience/payloads.js';
import { startChromium } from '../support/chromium.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import {
  assertAllLabelled,
  assertNoOverflow,
  backAtApplication,
  isFocused,
  openSignIn,
  screenshot,
} from './pages.js';

describe('hosted pages in Chromium: password, code, registration, reset, consent, errors', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const events = await tapAllEvents(t);
  const chromium = await startChromium();
  const app = await createApplication(t, 'Traditional');
  const password = 'Hosted-Password-1';

  it('signs in with a password; fits a 360 px screen; wrong passwords are announced', async () => {
    const user = await createUser(t, password, `pw_${newId(6)}@example.com`);
    await events.take();
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await assertNoOverflow(page);
    await assertAllLabelled(page);
    await screenshot(page, 'sign-in-360');
    await page.getByLabel('Username or e-mail').fill(user.email!);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The account or the password is incorrect.' }).waitFor();
    await assertNoOverflow(page);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const tokens = await backAtApplication(page, authorization);
    assert.equal(tokens.claims()?.sub, user.id);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn']);
    assert.equal(userFlowPayload.parse(only(fired, 'PostSignIn')).userId, user.id);
  });

  it('says a lockout in words with the wait, and fires Identifier.Lockout', async () => {
    const user = await createUser(t, password);
    await events.take();
    const page = await chromium.newPage();
    await openSignIn(t, app, page);
    await page.getByLabel('Username or e-mail').fill(user.username);
    for (const attempt of [1, 2, 3]) {
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const expected = attempt < 3 ? 'The account or the password is incorrect.' : 'Too many failed attempts';
      await page.getByRole('alert').filter({ hasText: expected }).waitFor();
    }
    await page.getByRole('alert').filter({ hasText: 'try again in 10 minutes' }).waitFor();
    assert.doesNotMatch((await page.getByRole('alert').textContent()) ?? '', /session\./, 'no raw code');
    await screenshot(page, 'sign-in-locked');
    assert.deepEqual(names(await events.take()), ['Identifier.Lockout']);
  });

  it('signs in with an e-mail code after switching to it', async () => {
    const user = await createUser(t, password, `code_${newId(6)}@example.com`);
    await events.take();
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('button', { name: 'Use a one-time code instead' }).click();
    await page.getByLabel('E-mail or phone').fill(user.email!);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').waitFor();
    await assertAllLabelled(page);
    await screenshot(page, 'sign-in-code');
    await page.getByLabel('Verification code').fill(await latestCode(t, user.email!));
    await page.getByRole('button', { name: 'Sign in' }).click();
    assert.equal((await backAtApplication(page, authorization)).claims()?.sub, user.id);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);
  });

  it('registers with an e-mail code', async () => {
    const email = `new_${newId(6)}@example.com`;
    await events.take();
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'E-mail or phone' }).click();
    await page.getByLabel('E-mail or phone').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').waitFor();
    assert.ok(await isFocused(page.getByLabel('Verification code')), 'the code field has the focus');
    await page.getByLabel('Verification code').fill(await latestCode(t, email));
    await assertAllLabelled(page);
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Create account' }).click();
    const tokens = await backAtApplication(page, authorization);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostRegister', 'User.Created']);
    assert.equal(only(fired, 'User.Created').data.primaryEmail, email);
    assert.equal(only(fired, 'User.Created').data.id, tokens.claims()?.sub);
  });

  it('asks "Tell us about yourself" after the account, checks the custom fields and saves them', async () => {
    const fields = [
      { name: 'company', type: 'Text', label: 'Company', required: true, config: { minLength: 2 } },
      { name: 'age', type: 'Number', label: 'Age', required: false, config: { minValue: 18 } },
      {
        name: 'plan',
        type: 'Select',
        label: 'Plan',
        required: true,
        config: { options: [{ value: 'pro', label: 'Professional' }] },
      },
      { name: 'website', type: 'Url', label: 'Website', required: false },
      { name: 'birthdate', type: 'Date', label: 'Birth date', required: false },
      { name: 'terms', type: 'Checkbox', label: 'I accept the terms', required: true },
    ];
    assert.equal((await t.api('POST', '/custom-profile-fields/batch', fields)).status, 201);
    try {
      await events.take();
      const page = await chromium.newPage();
      const authorization = await openSignIn(t, app, page);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('Username').fill(`about_${newId(6)}`);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
      await assertAllLabelled(page);
      await page.getByLabel('Company').fill('x');
      await page.getByLabel('Age').fill('12');
      await page.getByLabel('Website').fill('not a link');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Company needs at least 2 characters.').waitFor();
      await page.getByText('Age must be at least 18.').waitFor();
      await page.getByText('Plan is required.').waitFor();
      await page.getByText('Website must be a web address').waitFor();
      await page.getByText('I accept the terms is required.').waitFor();
      assert.equal(await page.getByLabel('Company').getAttribute('aria-invalid'), 'true');
      await screenshot(page, 'register-profile');
      await page.getByLabel('Company').fill('Acme');
      await page.getByLabel('Age').fill('30');
      await page.getByLabel('Website').fill('https://acme.example');
      await page.getByLabel('Birth date').fill('1990-04-01');
      await page.getByLabel('Plan').selectOption('pro');
      await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      const tokens = await backAtApplication(page, authorization);
      const created = only(await events.take(), 'User.Created');
      assert.equal(created.data.id, tokens.claims()?.sub);
      assert.deepEqual(created.data.customData, { company: 'Acme', age: 30, plan: 'pro', terms: true });
      const user = await t.api<{ profile: unknown }>('GET', `/users/${created.data.id}`);
      assert.deepEqual(user.body.profile, { website: 'https://acme.example', birthdate: '1990-04-01' });
    } finally {
      for (const field of fields) await t.api('DELETE', `/custom-profile-fields/${field.name}`);
    }
  });

  it('marks next to the password field the rule the service refused it for', async () => {
    const settings = await t.api<{ passwordPolicy: { rejects: Record<string, unknown> } }>(
      'GET',
      '/sign-in-exp',
    );
    const policy = settings.body.passwordPolicy;
    const strict = { ...policy, rejects: { ...policy.rejects, repetitionAndSequence: true } };
    assert.equal((await t.api('PATCH', '/sign-in-exp', { passwordPolicy: strict })).status, 200);
    try {
      const page = await chromium.newPage();
      await openSignIn(t, app, page);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('Username').fill(`rules_${newId(6)}`);
      const field = page.getByLabel('Password', { exact: true });
      await field.fill('Counting-1234');
      await page.getByRole('button', { name: 'Create account' }).click();
      const requirements = page.getByRole('list', { name: 'Password requirements' });
      await requirements
        .getByText('No repeated or counted characters (like aaaa or 1234) (not met)')
        .waitFor();
      await requirements.getByText('At least 8 characters (met)').waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      const describedBy = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
      const described = await Promise.all(
        describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      const description = described.join(' ');
      assert.match(description, /must not repeat a character or count up or down/);
      await assertAllLabelled(page);
    } finally {
      assert.equal((await t.api('PATCH', '/sign-in-exp', { passwordPolicy: policy })).status, 200);
    }
  });

  it('resets a forgotten password with live policy feedback, then signs in with it', async () => {
    const user = await createUser(t, password, `reset_${newId(6)}@example.com`);
    await events.take();
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail or phone').fill(user.email!);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(t, user.email!));
    await page.getByRole('button', { name: 'Verify code' }).click();
    const requirements = page.getByRole('list', { name: 'Password requirements' });
    await page.getByLabel('New password').fill('short');
    await requirements.getByText('At least 8 characters (not yet)').waitFor();
    await page.getByLabel('New password').fill('A-much-better-one-2');
    await requirements.getByText('At least 8 characters (met)').waitFor();
    await assertAllLabelled(page);
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password was changed' }).waitFor();
    assert.deepEqual(names(await events.take()), ['PostResetPassword', 'User.Data.Updated']);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill('A-much-better-one-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    assert.equal((await backAtApplication(page, authorization)).claims()?.sub, user.id);
  });

  it('asks consent for a third-party application; Allow grants, Cancel answers access_denied', async () => {
    const thirdParty = await createApplication(t, 'Traditional', { isThirdParty: true });
    const user = await createUser(t, password);
    await events.take();
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, thirdParty, page);
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Traditional test app wants access' }).waitFor();
    await page.getByText('See your name and profile').waitFor();
    await assertAllLabelled(page);
    await screenshot(page, 'consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    const tokens = await backAtApplication(page, authorization);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);

    const other = { page: await chromium.newPage() };
    const denied = await openSignIn(t, thirdParty, other.page);
    await other.page.getByLabel('Username or e-mail').fill(user.username);
    await other.page.getByLabel('Password').fill(password);
    await other.page.getByRole('button', { name: 'Sign in' }).click();
    await other.page.getByRole('button', { name: 'Cancel' }).click();
    await other.page.waitForURL((url) => url.href.startsWith(thirdParty.redirectUri));
    assert.equal(new URL(other.page.url()).searchParams.get('error'), 'access_denied');
    assert.equal(denied.app.id, thirdParty.id);
  });

  it('shows provider errors and sign-out as pages, never raw JSON', async () => {
    const page = await chromium.newPage({ width: 360, height: 740 });
    const authorization = await openSignIn(t, app, page);
    const broken = new URL(authorization.url);
    broken.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const response = await page.goto(broken.href);
    assert.equal(response?.status(), 400);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.getByRole('heading', { name: 'We can’t continue this sign-in' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'not allowed to use' }).waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'error');

    // With a session, RP-initiated logout asks first.
    const user = await createUser(t, password);
    const signingIn = await openSignIn(t, app, page);
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await backAtApplication(page, signingIn);
    await page.goto(`${t.baseUrl}/oidc/session/end`);
    await page.getByRole('heading', { name: 'Sign out' }).waitFor();
    await screenshot(page, 'sign-out');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
  });

  it('wears the sign-in experience’s branding: name, logo, primary colour, dark mode', async () => {
    const branding = { name: 'Acme Identity', logoUrl: `${t.baseUrl}/no-such-logo.png` };
    const color = { primaryColor: '#aa3300', isDarkModeEnabled: true, darkPrimaryColor: '#33cc99' };
    assert.equal((await t.api('PATCH', '/sign-in-exp', { branding, color })).status, 200);
    try {
      const page = await chromium.newPage({ width: 360, height: 740 }, 'dark');
      await openSignIn(t, app, page);
      await page.getByText('Acme Identity', { exact: true }).waitFor();
      await page.getByRole('img', { name: 'Acme Identity' }).waitFor({ state: 'attached' });
      assert.equal(await page.evaluate<string>('document.documentElement.dataset.theme'), 'dark');
      const background = await page.getByRole('button', { name: 'Sign in', exact: true }).evaluate(
        (button) =>
          (
            button.ownerDocument.defaultView as unknown as {
              getComputedStyle(e: unknown): { backgroundColor: string };
            }
          ).getComputedStyle(button).backgroundColor,
      );
      assert.equal(background, 'rgb(51, 204, 153)', 'the dark primary colour');
      await assertNoOverflow(page);
      await screenshot(page, 'sign-in-branded-dark');
    } finally {
      await t.api('PATCH', '/sign-in-exp', {
        branding: {},
        color: { primaryColor: '#0b5cad', isDarkModeEnabled: false, darkPrimaryColor: '#7cb7ff' },
      });
    }
  });
});

describe('hosted code pages in Chromium under a send interval', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '3' } });
  const chromium = await startChromium();
  const app = await createApplication(t, 'Traditional');

  it('moves the focus to the code field and counts down to the next code, announced once', async () => {
    const user = await createUser(t, 'Hosted-Password-1', `wait_${newId(6)}@example.com`);
    const page = await chromium.newPage();
    const authorization = await openSignIn(t, app, page);
    await page.getByRole('button', { name: 'Use a one-time code instead' }).click();
    await page.getByLabel('E-mail or phone').fill(user.email!);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    assert.ok(await isFocused(code), 'the code field has the focus');
    const resend = page.getByRole('button', { name: 'Send a new code' });
    assert.equal(await resend.isDisabled(), true, 'no new code before the interval');
    await page.getByText(/^in [1-3] s$/).waitFor();
    // One polite announcement of the whole wait, not one per second.
    const announcement = page.getByText('You can ask for a new code in 3 seconds.');
    assert.equal(await announcement.getAttribute('aria-live'), 'polite');
    await assertAllLabelled(page);
    await page.getByText('You can ask for a new code now.').waitFor({ timeout: 10_000 });
    assert.equal(await resend.isEnabled(), true);
    assert.equal(await page.getByText(/^in \d+ s$/).count(), 0);
    await resend.click();
    await page.getByText('You can ask for a new code in 3 seconds.').waitFor();
    assert.ok(await isFocused(code), 'the focus is back in the code field after a new code');
    await code.fill(await latestCode(t, user.email!));
    await page.getByRole('button', { name: 'Sign in' }).click();
    assert.equal((await backAtApplication(page, authorization)).claims()?.sub, user.id);
  });
});
