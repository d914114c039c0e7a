import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Check, Field, Select } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { api } from '../api';
import { finish } from '../experience';
import { useSettings } from '../settings';
import { Card } from '../ui/Card';
import {
  emptyValue,
  labelOf,
  partsOf,
  problemOf,
  toRequestValues,
  type Control,
  type FormValue,
  type ProfileField,
} from './profile-values';

const inputTypes: Partial<Record<Control['type'], string>> = { Number: 'number', Date: 'date', Url: 'url' };

/**
 * Logto's "Tell us about yourself" step of a registration: the custom profile fields, in their
 * order, checked here as the service checks them, then given to the experience and submitted.
 */
export function ProfileFieldsPage() {
  const { t } = useTranslation('profile-fields');
  const navigate = useNavigate();
  const fields = useSettings()?.customProfileFields ?? [];
  const { busy, error, run } = useAction();
  const form = useForm<Record<string, FormValue>>({
    defaultValues: Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)])),
  });

  const submit = form.handleSubmit((values) =>
    run(async () => {
      let valid = true;
      for (const field of fields) {
        const value = values[field.name] ?? emptyValue(field);
        const checks: [string, Control, string | boolean][] =
          typeof value === 'object'
            ? partsOf(field).map((part) => [`${field.name}.${part.name}`, part, value[part.name] ?? ''])
            : [[field.name, field, value]];
        for (const [path, control, current] of checks) {
          const problem = problemOf(control, current, t);
          if (problem) {
            form.setError(path, { message: problem }, { shouldFocus: valid });
            valid = false;
          }
        }
      }
      if (!valid) return;
      await unwrap(api.PATCH('/api/experience/profile', { body: toRequestValues(fields, values) }));
      await finish(navigate);
    }),
  );

  const errorAt = (path: string) => {
    const [name, part] = path.split('.');
    const entry = form.formState.errors[name!] as Record<string, { message?: string }> | undefined;
    return (
      (part ? entry?.[part]?.message : (entry as { message?: string } | undefined)?.message) ?? undefined
    );
  };

  return (
    <Card title={t('title')}>
      <form onSubmit={submit} noValidate>
        {fields.map((field) =>
          field.type === 'Address' || field.type === 'Fullname' ? (
            <fieldset key={field.name}>
              <legend>{labelOf(field)}</legend>
              {partsOf(field).map((part) => (
                <ProfileControl
                  key={part.name}
                  control={part}
                  error={errorAt(`${field.name}.${part.name}`)}
                  registration={form.register(`${field.name}.${part.name}`)}
                  choose={t('choose')}
                />
              ))}
            </fieldset>
          ) : (
            <ProfileControl
              key={field.name}
              control={field}
              error={errorAt(field.name)}
              registration={form.register(field.name)}
              choose={t('choose')}
              description={field.description}
            />
          ),
        )}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('submit')}
        </button>
      </form>
    </Card>
  );
}

function ProfileControl({
  control,
  error,
  registration,
  choose,
  description,
}: {
  control: Control | ProfileField;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  choose: string;
  description?: string | null | undefined;
}) {
  const errorId = useId();
  const label = labelOf(control);
  const config = control.config ?? {};
  if (control.type === 'Checkbox') {
    return (
      <div className="field">
        <Check
          label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        {error ? (
          <small id={errorId} className="field-error">
            {error}
          </small>
        ) : null}
      </div>
    );
  }
  if (control.type === 'Select') {
    const options = (config.options ?? []).map((option) => ({
      value: option.value,
      label: option.label || option.value,
    }));
    return (
      <Select
        label={label}
        hint={description ?? undefined}
        error={error}
        required={control.required}
        options={[{ value: '', label: choose }, ...options]}
        {...registration}
      />
    );
  }
  return (
    <Field
      label={label}
      hint={description ?? undefined}
      error={error}
      type={inputTypes[control.type] ?? 'text'}
      placeholder={config.placeholder}
      required={control.required}
      {...registration}
    />
  );
}
