import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  browserUnavailable,
  cspViolationsOf,
  launchBrowser,
  newPage,
  screenshot,
} from '../support/browser.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { ADMIN, signInToConsole } from './console-fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });

// Connectors, enterprise SSO and just-in-time provisioning in the console, in a real browser
// against a real service, with a real HTTP receiver behind the e-mail connector.
test('connectors and enterprise SSO in the console', { skip: browserUnavailable() }, async (t) => {
  const service = await startTestService();
  const base = service.baseUrl;
  const receiver = await startWebhookReceiver('/send');
  t.after(() => receiver.close());
  const setup = await fetch(`${base}/api/console/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(setup.status, 201, await setup.text());
  const browser = await launchBrowser();
  const page = await newPage(browser);
  await page.goto(`${base}/console`);
  await signInToConsole(page, base);

  const emailConnectors = async () =>
    (await service.api<Json[]>('GET', '/connectors')).body.filter((c: Json) => c.type === 'Email');
  const sendTest = async () => {
    await page.getByLabel('Test e-mail address').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send test message' }).click();
  };
  const handedOver = page.getByRole('status').filter({ hasText: 'The test message was handed over' });

  await t.test('an HTTP e-mail connector is created from its factory and sends a test message', async () => {
    await section(page, 'Connectors').click();
    await page.getByRole('heading', { name: 'Connectors', level: 1, exact: true }).waitFor();
    await page.getByLabel('New e-mail connector').selectOption({ label: 'HTTP e-mail' });
    await page.getByRole('button', { name: 'Add e-mail connector' }).click();
    await page.getByRole('heading', { name: 'New HTTP e-mail connector', level: 1, exact: true }).waitFor();
    await page.getByLabel('Endpoint').fill(receiver.url);
    const secret = page.getByLabel('Authorization header');
    assert.equal(await secret.getAttribute('type'), 'password');
    await secret.fill('Bearer console-s3cret');
    await page.getByLabel('Template for').selectOption({ label: 'Generic' });
    await page.getByRole('button', { name: 'Add template' }).click();
    const generic = page.getByRole('group', { name: 'Generic template' });
    await generic.getByLabel('Subject').fill('Your code');
    await generic.getByLabel('Content', { exact: true }).fill('Console code {{code}}');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await page.getByRole('heading', { name: 'HTTP e-mail', level: 1, exact: true }).waitFor();

    await sendTest();
    await handedOver.waitFor();
    const [request] = await receiver.waitFor(1);
    assert.equal(request!.headers.authorization, 'Bearer console-s3cret');
    assert.equal(request!.json.to, 'ada@example.com');
    assert.equal(request!.json.payload.content, 'Console code 000000');
    assert.equal(request!.json.payload.subject, 'Your code');
  });

  await t.test('after a reload the secret reads as set, never shown, and still sends', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'HTTP e-mail', level: 1, exact: true }).waitFor();
    await page.getByText('•••• set — leave empty to keep it').waitFor();
    assert.equal(await page.getByLabel('Authorization header').inputValue(), '');
    assert.doesNotMatch(await page.content(), /console-s3cret/);
    const [stored] = await emailConnectors();
    assert.equal(stored.config.authorization, '******');
    await screenshot(page, 'connector');

    await sendTest();
    await handedOver.waitFor();
    const [, second] = await receiver.waitFor(2);
    assert.equal(second!.headers.authorization, 'Bearer console-s3cret', 'the saved secret was used');
  });

  await t.test('a refused test message shows the service’s message', async () => {
    receiver.behave({ status: 500, body: 'upstream detail' });
    try {
      await sendTest();
      const alert = page.getByRole('alert').filter({ hasText: 'The message could not be sent' });
      await alert.waitFor();
      assert.match((await alert.textContent())!, /connector\.general_error/);
      assert.doesNotMatch((await alert.textContent())!, /upstream detail/);
    } finally {
      receiver.behave({ status: 200, body: 'ok' });
    }
  });

  await t.test('editing a template keeps the secret', async () => {
    const generic = page.getByRole('group', { name: 'Generic template' });
    await generic.getByLabel('Content', { exact: true }).fill('Edited {{code}}');
    await page.getByRole('button', { name: 'Save connector' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const [stored] = await emailConnectors();
    assert.equal(stored.config.templates[0].content, 'Edited {{code}}');
    assert.equal(stored.config.authorization, '******');

    const before = receiver.accepted().length;
    await sendTest();
    const requests = await receiver.waitFor(before + 1);
    const last = requests.at(-1)!;
    assert.equal(last.headers.authorization, 'Bearer console-s3cret');
    assert.equal(last.json.payload.content, 'Edited 000000');
  });

  await t.test('deleting asks first, then the e-mail group is empty', async () => {
    await page.getByRole('button', { name: 'Delete connector' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Connectors', level: 1, exact: true }).waitFor();
    await page.getByRole('table', { name: 'E-mail connector' }).getByText('None:').waitFor();
    assert.deepEqual(await emailConnectors(), []);
  });

  await t.test('a social connector is created and chosen for the sign-in page', async () => {
    await page.getByLabel('New social connector').selectOption({ label: 'OpenID Connect' });
    await page.getByRole('button', { name: 'Add social connector' }).click();
    await page.getByLabel('Display name').fill('Upstream');
    await page.getByLabel('Target').fill('upstream');
    await page.getByLabel('Issuer').fill('https://idp.example.com');
    await page.getByLabel('Client ID').fill('web');
    await page.getByLabel('Client secret').fill('web-secret');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await page.getByRole('heading', { name: 'Upstream', level: 1, exact: true }).waitFor();
    await section(page, 'Connectors').click();
    await page
      .getByRole('table', { name: 'Social connectors' })
      .getByRole('link', { name: 'Upstream' })
      .waitFor();
    await screenshot(page, 'connectors');

    await section(page, 'Sign-in experience').click();
    await page.getByRole('checkbox', { name: 'Upstream (upstream)' }).check();
    await page.getByRole('button', { name: 'Save social sign-in' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const settings = await service.api<Json>('GET', '/sign-in-exp');
    assert.deepEqual(settings.body.socialSignInConnectorTargets, ['upstream']);

    const ssoSaved = page.waitForResponse(
      (r) => r.url().endsWith('/api/sign-in-exp') && r.request().method() === 'PATCH',
    );
    await page.getByRole('switch', { name: 'Enterprise SSO at the identifier step' }).check();
    assert.equal((await ssoSaved).status(), 200);
    const enabled = await service.api<Json>('GET', '/sign-in-exp');
    assert.equal(enabled.body.singleSignOnEnabled, true);
    assert.deepEqual(enabled.body.socialSignInConnectorTargets, ['upstream'], 'the targets stay');
  });

  await t.test('an SSO connector with a domain, bound to an organization for JIT', async () => {
    await section(page, 'Enterprise SSO').click();
    await page.getByRole('heading', { name: 'Enterprise SSO', level: 1, exact: true }).waitFor();
    const create = async () => {
      await page.getByLabel('Connector name').fill('Acme SSO');
      await page.getByLabel('Issuer').fill('https://idp.acme.test');
      await page.getByLabel('Client ID').fill('acme-client');
      await page.getByLabel('Client secret').fill('acme-s3cret');
      await page.getByLabel('E-mail domains').fill('acme.test');
      await page.getByRole('button', { name: 'Create SSO connector' }).click();
    };
    await create();
    await page.getByRole('heading', { name: 'Acme SSO', level: 1, exact: true }).waitFor();
    const ssoId = page.url().split('/').pop()!;
    const stored = (await service.api<Json>('GET', `/sso-connectors/${ssoId}`)).body;
    assert.deepEqual(stored.domains, ['acme.test']);
    assert.equal(stored.config.clientSecret, '******');
    await page.reload();
    await page.getByText('•••• set — leave empty to keep it').waitFor();
    await page.getByLabel('E-mail domains').fill('acme.test\nacme-corp.test');
    await page.getByRole('button', { name: 'Save SSO connector' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = (await service.api<Json>('GET', `/sso-connectors/${ssoId}`)).body;
    assert.deepEqual(saved.domains, ['acme.test', 'acme-corp.test']);
    assert.equal(saved.config.clientSecret, '******', 'the secret was kept');

    // The same name again: refused, in words.
    await section(page, 'Enterprise SSO').click();
    await create();
    await page.getByRole('alert').filter({ hasText: 'An SSO connector with this name exists.' }).waitFor();
    await screenshot(page, 'enterprise-sso');

    const organization = (await service.api<Json>('POST', '/organizations', { name: 'Acme' })).body;
    const role = (await service.api<Json>('POST', '/organization-roles', { name: 'member' })).body;
    await page.goto(`${base}/console/organizations/${organization.id}`);
    await page.getByRole('tab', { name: 'Just-in-time provisioning' }).click();
    await page.getByLabel('SSO connector', { exact: true }).selectOption({ label: 'Acme SSO' });
    await page.getByRole('button', { name: 'Add SSO connector' }).click();
    await page.getByRole('button', { name: 'Remove SSO connector Acme SSO' }).waitFor();
    await page.getByLabel('E-mail domain', { exact: true }).fill('acme.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('button', { name: 'Remove domain acme.test' }).waitFor();
    const rolesSaved = page.waitForResponse(
      (r) => r.url().endsWith('/jit/roles') && r.request().method() === 'PUT',
    );
    await page.getByRole('checkbox', { name: 'member' }).check();
    assert.equal((await rolesSaved).status(), 204);
    await screenshot(page, 'organization-jit');

    const bound = (await service.api<Json[]>('GET', `/organizations/${organization.id}/jit/sso-connectors`))
      .body;
    assert.deepEqual(
      bound.map((c: Json) => c.id),
      [ssoId],
    );
    const roles = (await service.api<Json[]>('GET', `/organizations/${organization.id}/jit/roles`)).body;
    assert.deepEqual(
      roles.map((r: Json) => r.id),
      [role.id],
    );
    // The tab is in the address: a reload opens it again.
    await page.reload();
    await page.getByRole('tab', { name: 'Just-in-time provisioning', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Remove SSO connector Acme SSO' }).click();
    await page.getByText('No SSO connectors.').waitFor();
    const after = (await service.api<Json[]>('GET', `/organizations/${organization.id}/jit/sso-connectors`))
      .body;
    assert.deepEqual(after, []);
    assert.deepEqual(cspViolationsOf(page), []);
  });
});
