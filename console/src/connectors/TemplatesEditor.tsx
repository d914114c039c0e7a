import { Field, Select, TextArea } from '@shared/ui/Field';
import { oneChoice, useZodForm } from '@shared/ui/useZodForm';

export interface Template {
  usageType: string;
  subject?: string;
  content: string;
  contentType?: 'text/plain' | 'text/html';
}

export const usageLabels: Record<string, string> = {
  SignIn: 'Sign-in',
  Register: 'Registration',
  ForgotPassword: 'Password reset',
  BindNewIdentifier: 'Linking an e-mail or phone',
  OrganizationInvitation: 'Organization invitation',
  Generic: 'Generic',
};

/**
 * One template per usage; a message without a template of its usage uses the Generic one, else
 * Tessera's built-in text. `{{code}}` stands for the code.
 */
export function TemplatesEditor({
  templates,
  onChange,
  withSubject,
}: {
  templates: Template[];
  onChange: (templates: Template[]) => void;
  withSubject: boolean;
}) {
  const unused = Object.keys(usageLabels).filter((usage) => !templates.some((t) => t.usageType === usage));
  const picker = useZodForm(oneChoice, { value: '' });
  const picked = picker.watch('value');
  // What is picked, else the first unused usage (the select shows that one).
  const adding = unused.includes(picked) ? picked : unused[0];
  const update = (usageType: string, change: Partial<Template>) =>
    onChange(templates.map((t) => (t.usageType === usageType ? { ...t, ...change } : t)));
  const add = () => {
    if (adding) onChange([...templates, { usageType: adding, content: 'Your code is {{code}}.' }]);
  };
  return (
    <fieldset>
      <legend>Message templates</legend>
      <p className="muted">
        <code>{'{{code}}'}</code> is replaced by the code. A usage without a template uses the Generic one,
        else Tessera’s built-in text.
      </p>
      {templates.map((template) => {
        const label = usageLabels[template.usageType] ?? template.usageType;
        return (
          <fieldset key={template.usageType} aria-label={`${label} template`}>
            <legend>{label}</legend>
            {withSubject ? (
              <Field
                label="Subject"
                value={template.subject ?? ''}
                onChange={(e) => update(template.usageType, { subject: e.target.value || undefined })}
              />
            ) : null}
            <TextArea
              label="Content"
              rows={3}
              value={template.content}
              required
              onChange={(e) => update(template.usageType, { content: e.target.value })}
            />
            {withSubject ? (
              <Select
                label="Content type"
                value={template.contentType ?? 'text/plain'}
                options={['text/plain', 'text/html']}
                onChange={(e) =>
                  update(template.usageType, { contentType: e.target.value as Template['contentType'] })
                }
              />
            ) : null}
            <button
              type="button"
              aria-label={`Remove ${label} template`}
              onClick={() => onChange(templates.filter((t) => t.usageType !== template.usageType))}
            >
              Remove template
            </button>
          </fieldset>
        );
      })}
      {unused.length > 0 ? (
        <div className="row">
          <Select
            label="Template for"
            options={unused.map((usage) => ({ value: usage, label: usageLabels[usage]! }))}
            {...picker.register('value')}
          />
          <button type="button" onClick={add}>
            Add template
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
