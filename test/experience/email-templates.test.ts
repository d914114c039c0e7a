import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptedLanguages, languageCandidates } from '../../src/messages/localized-template.js';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { expectStatus, openExperience } from './journeys.js';

interface EmailTemplate {
  id: string;
  languageTag: string;
  templateType: string;
  details: { subject: string; content: string; contentType?: string };
}

/** Logto's `/api/email-templates`, and the verification e-mail in the user's language. */
describe('e-mail templates', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'SPA');
  const template = (languageTag: string, templateType: string, subject: string) => ({
    languageTag,
    templateType,
    details: { subject, content: `${subject}: {{code}}` },
  });

  it('upserts by language and usage, lists with filters, patches details, deletes', async () => {
    const put = await t.api<EmailTemplate[]>('PUT', '/email-templates', {
      templates: [template('xx', 'Generic', 'First'), template('xx', 'BindMfa', 'Bind')],
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const [generic] = put.body;
    assert.deepEqual(
      { ...generic!, id: undefined, createdAt: undefined },
      { ...template('xx', 'Generic', 'First'), tenantId: 'default', id: undefined, createdAt: undefined },
    );
    const again = await t.api<EmailTemplate[]>('PUT', '/email-templates', {
      templates: [template('xx', 'Generic', 'Second')],
    });
    assert.equal(again.body[0]!.id, generic!.id, 'the same language and usage is replaced, not added');
    const listed = await t.api<EmailTemplate[]>(
      'GET',
      '/email-templates?languageTag=xx&templateType=Generic',
    );
    assert.deepEqual(
      listed.body.map((row) => row.details.subject),
      ['Second'],
    );
    const patched = await t.api<EmailTemplate>('PATCH', `/email-templates/${generic!.id}/details`, {
      contentType: 'text/html',
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body.details, {
      subject: 'Second',
      content: 'Second: {{code}}',
      contentType: 'text/html',
    });
    assert.equal((await t.api<EmailTemplate>('GET', `/email-templates/${generic!.id}`)).body.id, generic!.id);

    const unfiltered = await t.api<{ code: string }>('DELETE', '/email-templates');
    assert.equal(unfiltered.status, 422);
    assert.equal(unfiltered.body.code, 'connector.email_connector.bulk_deletion_no_filter');
    const badType = await t.api<{ code: string }>('PUT', '/email-templates', {
      templates: [template('xx', 'Welcome', 'Nope')],
    });
    assert.equal(badType.status, 400);
    assert.equal(badType.body.code, 'guard.invalid_input');
    assert.equal((await t.api('DELETE', `/email-templates/${generic!.id}`)).status, 204);
    assert.equal((await t.api<{ code: string }>('GET', `/email-templates/${generic!.id}`)).status, 404);
    const bulk = await t.api<{ rowCount: number }>('DELETE', '/email-templates?languageTag=xx');
    assert.deepEqual(bulk.body, { rowCount: 1 });
  });

  it('sends a sign-in code with the template of the interaction’s ui_locales, else the fallback language’s', async () => {
    expectStatus(
      await t.api('PUT', '/email-templates', {
        templates: [
          template('de', 'Register', 'Dein Registrierungscode'),
          template('en', 'Register', 'Your code, in English'),
        ],
      }),
      200,
    );
    const subjectFor = async (parameters: Record<string, string>) => {
      const email = `lang.${newId(6)}@example.com`;
      const { call } = await openExperience(t, app, parameters);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
      const identifier = { type: 'email', value: email };
      expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
      const [message] = (
        await t.api<{ subject: string; content: string; code: string }[]>(
          'GET',
          `/messages?recipient=${encodeURIComponent(email)}`,
        )
      ).body;
      assert.ok(message, `no message for ${email}`);
      return message.subject;
    };
    assert.equal(await subjectFor({ ui_locales: 'de' }), 'Dein Registrierungscode');
    const [german] = (await t.api<{ content: string; code: string }[]>('GET', '/messages?page_size=1')).body;
    assert.equal(german!.content, `Dein Registrierungscode: ${german!.code}`, 'the code is filled in');
    assert.equal(await subjectFor({ ui_locales: 'de-AT fr' }), 'Dein Registrierungscode');
    // No French template: the sign-in experience's fallback language (en) has one.
    assert.equal(await subjectFor({ ui_locales: 'fr' }), 'Your code, in English');
    assert.equal(await subjectFor({}), 'Your code, in English');
    expectStatus(await t.api('DELETE', '/email-templates?templateType=Register'), 200);
    assert.equal(await subjectFor({ ui_locales: 'de' }), 'Your registration code', 'the built-in text');
  });

  it('picks an SMS connector template by its locale, else the one for no language', async () => {
    expectStatus(
      await t.api('POST', '/connectors', {
        connectorId: 'tessera-recording-sms',
        config: {
          templates: [
            { usageType: 'Register', content: 'Your code {{code}}' },
            { usageType: 'Register', locale: 'de', content: 'Dein Code {{code}}' },
          ],
        },
      }),
      200,
    );
    const contentFor = async (parameters: Record<string, string>) => {
      const phone = `1555${String(Date.now()).slice(-7)}`;
      const { call } = await openExperience(t, app, parameters);
      expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
      const identifier = { type: 'phone', value: phone };
      expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
      const [message] = (
        await t.api<{ content: string; code: string }[]>('GET', `/messages?recipient=${phone}`)
      ).body;
      assert.ok(message, `no message for ${phone}`);
      return message.content.replace(message.code, '<code>');
    };
    assert.equal(await contentFor({ ui_locales: 'de-DE' }), 'Dein Code <code>');
    assert.equal(await contentFor({ ui_locales: 'ja' }), 'Your code <code>');
  });

  it('reads Accept-Language best first, each tag before its language alone', () => {
    assert.deepEqual(acceptedLanguages('fr;q=0.5, de-CH, en;q=0.8, *;q=0.1, es;q=0'), ['de-CH', 'en', 'fr']);
    assert.deepEqual(languageCandidates(['de-CH', 'en'], 'en'), ['de-CH', 'de', 'en']);
  });
});
