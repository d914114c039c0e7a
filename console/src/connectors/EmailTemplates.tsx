import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field, Select, TextArea } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import type { paths } from '@shared/api/schema';
import { useApi } from '../ui/api';
import { every } from '../ui/every';
import { useListChange } from '../ui/useListChange';

type TemplateType = NonNullable<paths['/api/email-templates']['get']['parameters']['query']>['templateType'] &
  string;

const templateTypes = every<TemplateType>()([
  'SignIn',
  'Register',
  'ForgotPassword',
  'OrganizationInvitation',
  'Generic',
  'UserPermissionValidation',
  'BindNewIdentifier',
  'MfaVerification',
  'BindMfa',
]);

const templateForm = z.object({
  languageTag: z.string().trim().min(1, 'Enter a language tag, e.g. de.').max(16),
  templateType: z.enum(templateTypes),
  subject: z.string().trim().min(1, 'Enter a subject.'),
  content: z.string().min(1, 'Enter the content.'),
  contentType: z.enum(['text/plain', 'text/html']),
});
type TemplateForm = z.output<typeof templateForm>;

const emailTemplatesKey = ['email-templates'];
const blank: TemplateForm = {
  languageTag: '',
  templateType: 'SignIn',
  subject: '',
  content: '',
  contentType: 'text/plain',
};

/**
 * E-mail templates per language and usage: a code e-mail uses the one of the user's language,
 * else of the sign-in experience's fallback language, else the connector's own template.
 */
export function EmailTemplates() {
  const api = useApi();
  const list = useQuery({
    queryKey: emailTemplatesKey,
    queryFn: () => unwrap(api.GET('/api/email-templates', { params: { query: {} } })),
  });
  const form = useZodForm(templateForm, blank);
  const save = useListChange(
    emailTemplatesKey,
    ({ subject, content, contentType, ...key }: TemplateForm) =>
      unwrap(
        api.PUT('/api/email-templates', {
          body: { templates: [{ ...key, details: { subject, content, contentType } }] },
        }),
      ),
    () => form.reset(blank),
  );
  const remove = useListChange(emailTemplatesKey, (id: string) =>
    unwrap(api.DELETE('/api/email-templates/{id}', { params: { path: { id } } })),
  );
  const errors = form.formState.errors;
  return (
    <section className="panel" aria-labelledby="email-templates">
      <h2 id="email-templates">E-mail templates</h2>
      <p className="muted">
        A code e-mail uses the template of its usage in the user&apos;s language, else in the fallback
        language of the sign-in experience, else the connector&apos;s own. Write <code>{'{{code}}'}</code>{' '}
        where the code goes.
      </p>
      <table>
        <caption className="visually-hidden">E-mail templates</caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Usage</th>
            <th scope="col">Subject</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((template) => {
            const name = `${template.languageTag} ${template.templateType}`;
            return (
              <tr key={template.id}>
                <td>{template.languageTag}</td>
                <td>{template.templateType}</td>
                <td>{template.details.subject}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Edit template ${name}`}
                    onClick={() =>
                      form.reset({
                        languageTag: template.languageTag,
                        templateType: template.templateType,
                        subject: template.details.subject,
                        content: template.details.content,
                        contentType: template.details.contentType ?? 'text/plain',
                      })
                    }
                  >
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    aria-label={`Delete template ${name}`}
                    onClick={() => remove.mutate(template.id)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
          {list.data?.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                No templates: the connector&apos;s own apply.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <form aria-label="E-mail template" onSubmit={form.handleSubmit((value) => save.mutate(value))}>
        <div className="row">
          <Field label="Language tag" error={errors.languageTag?.message} {...form.register('languageTag')} />
          <Select label="Usage" options={templateTypes} {...form.register('templateType')} />
          <Select
            label="Content type"
            options={['text/plain', 'text/html']}
            {...form.register('contentType')}
          />
        </div>
        <Field label="Subject" error={errors.subject?.message} {...form.register('subject')} />
        <TextArea label="Content" rows={6} error={errors.content?.message} {...form.register('content')} />
        <button type="submit" disabled={save.isPending}>
          Save template
        </button>
      </form>
      <Alert error={list.error ?? save.error ?? remove.error} />
    </section>
  );
}
