import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import type { paths } from '@shared/api/schema';
import { Alert } from '@shared/ui/Alert';
import { Check, Field, Select, TextArea } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useApi } from '../ui/api';
import { useListChange } from '../ui/useListChange';

type ProfileField =
  paths['/api/custom-profile-fields']['get']['responses'][200]['content']['application/json'][number];
type FieldType = ProfileField['type'];

// The types the hosted step draws as one control; Address and Fullname are set up through the API.
const simpleTypes = [
  'Text',
  'Number',
  'Date',
  'Checkbox',
  'Select',
  'Url',
  'Regex',
] as const satisfies FieldType[];

const fieldForm = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[\dA-Za-z]+$/, 'Letters and digits only, e.g. company.'),
  type: z.enum(simpleTypes),
  label: z.string().trim().max(128),
  required: z.boolean(),
  options: z.string(),
  format: z.string(),
});
type FieldForm = z.output<typeof fieldForm>;

const fieldsKey = ['custom-profile-fields'];
const blank: FieldForm = { name: '', type: 'Text', label: '', required: false, options: '', format: '' };

/** One option a line: `value` or `value: label`. */
const parseOptions = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, ...label] = line.split(':');
      const shown = label.join(':').trim();
      return { value: value!.trim(), ...(shown ? { label: shown } : {}) };
    });

const formOf = (field: ProfileField): FieldForm => ({
  name: field.name,
  type: (simpleTypes as readonly string[]).includes(field.type) ? (field.type as FieldForm['type']) : 'Text',
  label: field.label,
  required: field.required,
  options: (field.config.options ?? [])
    .map((option) => (option.label ? `${option.value}: ${option.label}` : option.value))
    .join('\n'),
  format: field.config.format ?? '',
});

/**
 * The registration's "Tell us about yourself" step: the custom profile fields it asks for. A field
 * named like a profile claim (`website`, `gender`, `birthdate`…) or `name`/`avatar` writes there;
 * any other name writes the user's customData.
 */
export function CustomProfileFields() {
  const api = useApi();
  const [editing, setEditing] = useState<ProfileField | null>(null);
  const list = useQuery({
    queryKey: fieldsKey,
    queryFn: () => unwrap(api.GET('/api/custom-profile-fields')),
  });
  const form = useZodForm(fieldForm, blank);
  const reset = () => {
    setEditing(null);
    form.reset(blank);
  };
  const save = useListChange(
    fieldsKey,
    ({ name, type, label, required, options, format }: FieldForm) => {
      const config = {
        ...(editing?.config ?? {}),
        ...(type === 'Select' ? { options: parseOptions(options) } : {}),
        ...(type === 'Regex' || type === 'Date' ? { format } : {}),
      };
      const body = { type, label, required, config, description: editing?.description ?? null };
      return editing
        ? unwrap(api.PUT('/api/custom-profile-fields/{name}', { params: { path: { name } }, body }))
        : unwrap(api.POST('/api/custom-profile-fields', { body: { name, ...body } }));
    },
    reset,
  );
  const remove = useListChange(fieldsKey, (name: string) =>
    unwrap(api.DELETE('/api/custom-profile-fields/{name}', { params: { path: { name } } })),
  );
  const type = form.watch('type');
  const errors = form.formState.errors;
  return (
    <section className="panel" aria-labelledby="profile-fields">
      <h2 id="profile-fields">Profile fields at registration</h2>
      <p className="muted">
        New users answer these in a &ldquo;Tell us about yourself&rdquo; step before their account is made. A
        field named <code>name</code>, <code>avatar</code> or like a profile claim (<code>website</code>,{' '}
        <code>gender</code>, <code>birthdate</code>…) writes there; any other name writes customData.
      </p>
      <table>
        <caption className="visually-hidden">Profile fields</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Label</th>
            <th scope="col">Required</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((field) => (
            <tr key={field.id}>
              <td>{field.name}</td>
              <td>{field.type}</td>
              <td>{field.label}</td>
              <td>{field.required ? 'Yes' : 'No'}</td>
              <td>
                <button
                  type="button"
                  aria-label={`Edit field ${field.name}`}
                  onClick={() => {
                    setEditing(field);
                    form.reset(formOf(field));
                  }}
                >
                  Edit
                </button>{' '}
                <button
                  type="button"
                  aria-label={`Delete field ${field.name}`}
                  onClick={() => remove.mutate(field.name)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {list.data?.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                No fields: registration asks only for the sign-up identifiers.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <form
        aria-label={editing ? `Edit field ${editing.name}` : 'New profile field'}
        onSubmit={form.handleSubmit((value) => save.mutate(value))}
      >
        <div className="row">
          <Field
            label="Field name"
            readOnly={Boolean(editing)}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Select label="Field type" options={simpleTypes} {...form.register('type')} />
          <Field label="Field label" error={errors.label?.message} {...form.register('label')} />
        </div>
        {type === 'Select' ? (
          <TextArea
            label="Options"
            hint="One a line: value, or value: label."
            rows={4}
            {...form.register('options')}
          />
        ) : null}
        {type === 'Regex' ? (
          <Field label="Pattern" hint="The whole value must match it." {...form.register('format')} />
        ) : null}
        <Check label="Required" {...form.register('required')} />
        <button type="submit" disabled={save.isPending}>
          {editing ? 'Save field' : 'Add field'}
        </button>{' '}
        {editing ? (
          <button type="button" onClick={reset}>
            Cancel
          </button>
        ) : null}
      </form>
      <Alert error={list.error ?? save.error ?? remove.error} />
    </section>
  );
}
