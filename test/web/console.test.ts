import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeJwt } from 'jose';
import { createResource, createUser, exchange, issueSubjectToken } from '../impersonation/fixtures.js';
import {
  browserUnavailable,
  cspViolationsOf,
  launchBrowser,
  newPage,
  screenshot,
} from '../support/browser.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { ADMIN, parseExchangeCommand, signInToConsole } from './console-fixtures.js';

interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

// One administrator's day in the console, in a real browser against a real service: first run,
// sign-in, the token-exchange switch, impersonation, webhook history, custom claims, logs, sign-out.
test('the admin console', { skip: browserUnavailable() }, async (t) => {
  const service = await startTestService();
  const base = service.baseUrl;
  const browser = await launchBrowser();
  const page = await newPage(browser);
  let app = { id: '', secret: '', type: 'Traditional' };

  await t.test('first run: the console offers to create the first administrator, once', async () => {
    await page.goto(`${base}/console`);
    await page.getByRole('heading', { name: 'Welcome to Tessera' }).waitFor();
    await screenshot(page, 'first-run');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Repeat password').fill('short');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByRole('alert').filter({ hasText: 'The password is too short' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Repeat password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByRole('heading', { name: 'Administrator created' }).waitFor();

    const config = (await (await fetch(`${base}/api/console/config`)).json()) as { setupNeeded: boolean };
    assert.equal(config.setupNeeded, false);
    const again = await fetch(`${base}/api/console/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'intruder', password: 'Another-Admin-2026!' }),
    });
    assert.equal(again.status, 409);
    assert.equal(((await again.json()) as { code: string }).code, 'console.setup_done');
  });

  // After the first run: any management call (these through the bootstrap client) closes setup.
  const resource = await createResource(service, ['read', 'write']);
  const customerId = await createUser(service, [resource.scopeIds.read!]);

  await t.test(
    'sign-in through Tessera’s own OIDC provider with a user token for the management API',
    async () => {
      await signInToConsole(page, base);
      await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
      // The seeded console application is listed: the page read the API with the user's token.
      await page.getByRole('link', { name: 'Tessera console' }).waitFor();
      await screenshot(page, 'applications');
    },
  );

  await t.test('a Traditional application gets token exchange through its switch', async () => {
    await page.getByLabel('Application name').fill('Support desk');
    await page.getByLabel('Application type').selectOption({ label: 'Traditional web' });
    await page.getByRole('button', { name: 'Create application' }).click();
    await page.getByRole('heading', { name: 'Support desk', level: 1 }).waitFor();
    app = {
      id: page.url().split('/').pop()!,
      secret: (await page.getByLabel('App secret', { exact: true }).textContent())!,
      type: 'Traditional',
    };
    assert.ok(app.secret.length > 10, 'the secret is shown once');

    const before = await exchange(base, app, {
      subject_token: await issueSubjectToken(service, customerId),
      resource: resource.indicator,
      scope: 'read',
    });
    assert.equal(before.status, 400, 'refused while the switch is off');

    const toggle = page.getByRole('switch', { name: 'Allow token exchange' });
    assert.equal(await toggle.isChecked(), false, 'off by default');
    await toggle.check();
    await page.getByText('Token exchange is allowed for this application.').waitFor();
    await screenshot(page, 'application');

    const stored = await service.api<{ customClientMetadata: { allowTokenExchange: boolean } }>(
      'GET',
      `/applications/${app.id}`,
    );
    assert.equal(stored.body.customClientMetadata.allowTokenExchange, true);
    const after = await exchange(base, app, {
      subject_token: await issueSubjectToken(service, customerId),
      resource: resource.indicator,
      scope: 'read',
    });
    assert.equal(after.status, 200, JSON.stringify(after.body));
    assert.equal(decodeJwt(String(after.body.access_token)).sub, customerId);
  });

  await t.test('the app secrets panel reveals, audited, and copies the Default secret', async () => {
    await page.getByRole('button', { name: 'Reveal secrets' }).click();
    const value = (await page.getByLabel('Value of Default secret').textContent())!;
    await page.getByRole('button', { name: 'Copy Default secret' }).waitFor();
    const exchanged = await exchange(
      base,
      { ...app, secret: value },
      {
        subject_token: await issueSubjectToken(service, customerId),
        resource: resource.indicator,
        scope: 'read',
      },
    );
    assert.equal(exchanged.status, 200, 'the revealed value authenticates the application');
    const logs = await service.api<Array<{ payload: { reader: { userId: string | null } } }>>(
      'GET',
      `/logs?key=ApplicationSecret.Reveal&applicationId=${app.id}`,
    );
    assert.equal(logs.body.length, 1);
    assert.ok(logs.body[0]!.payload.reader.userId, 'the reveal names the console user');
    await page.getByRole('button', { name: 'Hide secrets' }).click();
    await page.getByRole('button', { name: 'Reveal secrets' }).waitFor();
    assert.equal(await page.getByLabel('Value of Default secret').count(), 0);
  });

  await t.test('third-party applications cannot turn token exchange on', async () => {
    await page.getByRole('link', { name: 'Applications' }).click();
    await page.getByLabel('Application name').fill('Partner portal');
    await page.getByLabel('Third-party application').check();
    await page.getByRole('button', { name: 'Create application' }).click();
    await page.getByRole('heading', { name: 'Partner portal', level: 1 }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Allow token exchange' });
    assert.equal(await toggle.isDisabled(), true);
    await page.getByText('Third-party applications cannot exchange tokens').waitFor();
    const settings = page.getByRole('form', { name: 'Application settings' });
    await settings.getByLabel('Third-party application').uncheck();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('switch', { name: 'Allow token exchange', disabled: false }).waitFor();
  });

  await t.test(
    'impersonation: the shown subject token and curl parameters exchange successfully',
    async () => {
      await page.goto(`${base}/console/users/${customerId}`);
      await page.getByRole('heading', { name: 'Impersonate' }).waitFor();
      await page.getByLabel('Application', { exact: true }).selectOption({ label: 'Support desk' });
      await page.getByLabel('API resource').selectOption({ label: `API (${resource.indicator})` });
      await page.getByRole('checkbox', { name: 'read', exact: true }).check();
      await page.getByLabel('Context value 1').fill('T-42');
      await page.getByLabel('Context value 2').fill('checkout fails');
      await page.getByRole('button', { name: 'Request subject token' }).click();
      const command = (await page.getByLabel('Exchange command').textContent())!;
      const token = (await page.getByLabel('Subject token', { exact: true }).textContent())!;
      await page
        .getByRole('timer')
        .filter({ hasText: /Expires in \d+:\d\d/ })
        .waitFor();
      await screenshot(page, 'impersonation');

      const shown = parseExchangeCommand(command);
      assert.equal(shown.clientId, app.id);
      assert.equal(shown.form.subject_token, token);
      assert.equal(shown.form.scope, 'read');
      const response = await fetch(shown.url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${shown.clientId}:${app.secret}`).toString('base64')}`,
        },
        body: new URLSearchParams(shown.form),
      });
      const body = (await response.json()) as { access_token: string };
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(decodeJwt(body.access_token).sub, customerId);

      await page.reload();
      const exchanges = page.getByRole('table', { name: 'Token exchanges' });
      await exchanges.getByRole('cell', { name: 'Succeeded' }).first().waitFor();
      await page.getByRole('table', { name: 'Subject tokens issued' }).getByText('T-42').waitFor();
    },
  );

  await t.test('webhooks: a delivery with its attempt, and a redelivery', async () => {
    const receiver = await startWebhookReceiver();
    t.after(() => receiver.close());
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Webhook name').fill('CRM sync');
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('checkbox', { name: 'User.Created' }).check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('heading', { name: 'CRM sync', level: 1 }).waitFor();

    const created = await service.api('POST', '/users', { username: 'webhook_subject' });
    assert.equal(created.status, 200);
    await receiver.waitFor(1);
    const delivered = page.getByRole('listitem', { name: /^Delivery User\.Created delivered/ });
    while ((await delivered.count()) === 0) {
      const refreshed = page.waitForResponse((r) => r.url().includes('/deliveries'));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await refreshed;
    }
    const attempts = delivered.getByRole('table', { name: /Attempts of delivery/ });
    await attempts.getByRole('cell', { name: '200', exact: true }).waitFor();
    await screenshot(page, 'webhook');

    await delivered.getByRole('button', { name: /^Redeliver/ }).click();
    await receiver.waitFor(2);

    await page.getByRole('button', { name: 'Reveal signing key' }).click();
    const key = await page.getByLabel('Signing key', { exact: true }).textContent();
    assert.ok(key && key.length > 10);
  });

  await t.test('custom JWT claims: Run shows the claims of the sample', async () => {
    await page.getByRole('link', { name: 'Custom JWT claims' }).click();
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByLabel('Claims').filter({ hasText: '"ticket_id": "T-1024"' }).waitFor();
    await screenshot(page, 'custom-claims');
    await page
      .getByLabel('Script', { exact: true })
      .fill("function getCustomJwtClaims() { throw new Error('no claims today'); }");
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByRole('alert').filter({ hasText: 'no claims today' }).waitFor();
  });

  await t.test('audit logs filter by key, key prefix and result, and open in detail', async () => {
    await page.getByRole('link', { name: 'Audit logs' }).click();
    const table = page.getByRole('table', { name: 'Audit logs' });
    await page.getByLabel('Log key').fill('TriggerHook.*');
    await table.getByRole('link', { name: 'TriggerHook.User.Created' }).first().waitFor();

    await page.getByLabel('Log key').fill('ExchangeTokenBy.TokenExchange');
    await page.getByLabel('Result').selectOption('Error');
    const refused = table.getByRole('row').filter({ hasText: 'ExchangeTokenBy.TokenExchange' });
    await refused.first().waitFor();
    assert.equal(await refused.filter({ hasText: 'Success' }).count(), 0, 'only refusals');
    await page.getByLabel('Result').selectOption('Success');
    await table.getByRole('row').filter({ hasText: 'Success' }).first().waitFor();
    await screenshot(page, 'audit-logs');
    await table.getByRole('link', { name: 'ExchangeTokenBy.TokenExchange' }).first().click();
    await page.getByRole('heading', { name: 'ExchangeTokenBy.TokenExchange', level: 1 }).waitFor();
  });

  await t.test('users, roles, API resources, organizations and the sign-in experience load', async () => {
    const sections = [
      ['Users', 'users', 'Users'],
      ['Roles', 'roles', 'Roles'],
      ['API resources', 'resources', 'API resources'],
      ['Organizations', 'organizations', 'Organizations'],
      ['Sign-in experience', 'sign-in-experience', 'Sign-in experience'],
    ] as const;
    for (const [link, file, heading] of sections) {
      await page
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: link })
        .click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (file === 'users') await page.getByRole('link', { name: 'webhook_subject' }).waitFor();
      if (file === 'sign-in-experience') await page.getByText('Failed sign-ins before lockout').waitFor();
      await screenshot(page, file);
      assert.equal(await page.getByRole('alert').count(), 0, `${link} shows no error`);
    }
  });

  await t.test(
    'organizations: a template role, then an organization from the list page with a member and an invitation',
    async () => {
      await page
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: 'Organizations' })
        .click();
      await page.getByLabel('Organization role name').fill('Reviewer');
      await page.getByRole('button', { name: 'Create organization role' }).click();
      await page.getByRole('button', { name: 'Delete organization role Reviewer' }).waitFor();
      assert.equal(await page.getByLabel('Organization role name').inputValue(), '', 'the form is cleared');

      await page.getByLabel('Organization name').fill('Northwind');
      await page.getByRole('button', { name: 'Create organization', exact: true }).click();
      await page.getByRole('heading', { name: 'Northwind', level: 1 }).waitFor();
      const organizationId = page.url().split('/').pop()!;
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByLabel('User ID to add').fill(` ${customerId} `);
      await page.getByRole('button', { name: 'Add member' }).click();
      const remove = page.getByRole('button', { name: /^Remove member user_/ });
      await remove.waitFor();
      assert.equal(await page.getByLabel('User ID to add').inputValue(), '', 'the form is cleared');

      await page.getByLabel('Invitee e-mail').fill('ann@northwind.test');
      await page.getByLabel('Valid for (days)').fill('3');
      const sent = Date.now();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByRole('button', { name: 'Revoke invitation of ann@northwind.test' }).waitFor();
      const invitations = await service.api<{ invitee: string; expiresAt: number }[]>(
        'GET',
        `/organization-invitations?organizationId=${organizationId}`,
      );
      const [invitation] = invitations.body;
      assert.equal(invitation?.invitee, 'ann@northwind.test');
      const days = (invitation!.expiresAt - sent) / (24 * 3600 * 1000);
      assert.ok(days > 2.99 && days < 3.01, `valid for three days, not ${days}`);
      assert.equal(await page.getByRole('alert').count(), 0, 'no error');
    },
  );

  await t.test('the password policy form refuses a maximum below the minimum before saving', async () => {
    const before = (await service.api<{ passwordPolicy: unknown }>('GET', '/sign-in-exp')).body
      .passwordPolicy;
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Sign-in experience' })
      .click();
    const policy = page.getByRole('form', { name: 'Password policy' });
    await policy.getByLabel('Minimum length').fill('12');
    await policy.getByLabel('Maximum length').fill('8');
    await policy.getByRole('button', { name: 'Save password policy' }).click();
    const maximum = policy.getByRole('spinbutton', { name: 'Maximum length' });
    const message = policy.getByText('At least the minimum length.');
    await message.waitFor();
    assert.equal(await maximum.getAttribute('aria-invalid'), 'true');
    assert.equal(
      await maximum.getAttribute('aria-describedby'),
      await message.getAttribute('id'),
      'described',
    );
    const after = (await service.api<{ passwordPolicy: unknown }>('GET', '/sign-in-exp')).body.passwordPolicy;
    assert.deepEqual(after, before, 'nothing was saved');
  });

  await t.test('the MFA form offers Logto’s policies by label and saves the chosen one', async () => {
    // Logto's deprecated value is shown as the policy it stands for.
    await service.api('PATCH', '/sign-in-exp', { mfa: { factors: [], policy: 'UserControlled' } });
    await page.reload();
    const mfa = page.getByRole('form', { name: 'Multi-factor authentication' });
    const policy = mfa.getByRole('combobox', { name: 'Users without a factor' });
    await policy.waitFor();
    assert.equal(await policy.inputValue(), 'PromptAtSignInAndSignUp');
    const labels = await policy.getByRole('option').allTextContents();
    assert.deepEqual(labels, [
      'Offer it at sign-up and sign-in (skippable)',
      'Offer it at sign-in only (skippable)',
      'Do not ask',
      'Require it at sign-up and sign-in',
    ]);
    await mfa.getByRole('checkbox', { name: 'Authenticator app (TOTP)' }).check();
    await policy.selectOption({ label: 'Offer it at sign-in only (skippable)' });
    await mfa.getByRole('button', { name: 'Save multi-factor authentication' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = (await service.api<{ mfa: unknown }>('GET', '/sign-in-exp')).body.mfa;
    assert.deepEqual(saved, { factors: ['Totp'], policy: 'PromptOnlyAtSignIn' });
    await service.api('PATCH', '/sign-in-exp', { mfa: { factors: [], policy: 'UserControlled' } });
  });

  await t.test('profile fields at registration: add a Select field, edit its label, delete it', async () => {
    const panel = page.getByRole('region', { name: 'Profile fields at registration' });
    await panel.getByText('No fields: registration asks only for the sign-up identifiers.').waitFor();
    const add = panel.getByRole('form', { name: 'New profile field' });
    await add.getByLabel('Field name').fill('plan');
    await add.getByRole('combobox', { name: 'Field type' }).selectOption('Select');
    await add.getByLabel('Field label').fill('Plan');
    await add.getByLabel('Options').fill('free: Free\npro: Professional');
    await add.getByRole('checkbox', { name: 'Required' }).check();
    await add.getByRole('button', { name: 'Add field' }).click();
    await panel.getByRole('cell', { name: 'Plan', exact: true }).waitFor();
    const created = (
      await service.api<{ required: boolean; config: { options?: unknown } }>(
        'GET',
        '/custom-profile-fields/plan',
      )
    ).body;
    assert.equal(created.required, true);
    assert.deepEqual(created.config.options, [
      { value: 'free', label: 'Free' },
      { value: 'pro', label: 'Professional' },
    ]);
    await panel.getByRole('button', { name: 'Edit field plan' }).click();
    const edit = panel.getByRole('form', { name: 'Edit field plan' });
    await edit.getByLabel('Field label').fill('Your plan');
    await edit.getByRole('button', { name: 'Save field' }).click();
    await panel.getByRole('cell', { name: 'Your plan' }).waitFor();
    await panel.getByRole('button', { name: 'Delete field plan' }).click();
    await panel.getByText('No fields: registration asks only for the sign-up identifiers.').waitFor();
    assert.equal((await service.api('GET', '/custom-profile-fields/plan')).status, 404);
  });

  await t.test(
    'an expired access token is renewed with the refresh token; a refused renewal ends the session',
    async () => {
      const storedUser = (change: string) =>
        page.evaluate((script) => {
          // Runs in the page; the server's tsconfig has no DOM types, hence the narrow shape.
          const store = (globalThis as unknown as { sessionStorage: BrowserStorage }).sessionStorage;
          const key = Object.keys(store).find((k) => k.startsWith('oidc.user:'))!;
          const user = JSON.parse(store.getItem(key)!);
          new Function('user', script)(user);
          store.setItem(key, JSON.stringify(user));
          return user.access_token as string;
        }, change);
      const before = await storedUser('user.expires_at = Math.floor(Date.now() / 1000) - 60;');
      await page.reload();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      const after = await storedUser('');
      assert.notEqual(after, before, 'a new access token');

      await storedUser(
        "user.expires_at = Math.floor(Date.now() / 1000) - 60; user.refresh_token = 'revoked';",
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Your session has ended' }).waitFor();
      await page.getByRole('button', { name: 'Sign in again' }).click();
      // The provider's session still stands, so no sign-in form: straight back into the console.
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    },
  );

  await t.test('sign-out ends the session at the provider and says so', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign out' }).waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
    assert.deepEqual(cspViolationsOf(page), []);
  });
});
