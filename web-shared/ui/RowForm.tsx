import type { FormEventHandler, ReactNode } from 'react';
import { z } from 'zod';
import { Field } from './Field';
import { useZodForm } from './useZodForm';

/** A form on one line under a list: its fields, then its submit button. */
export function RowForm({
  label,
  submitLabel,
  onSubmit,
  children,
}: {
  label: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form className="row" onSubmit={onSubmit} aria-label={label}>
      {children}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

const oneValue = z.object({ value: z.string().trim().min(1, 'Required.') });

/**
 * Adds one item by one text value (a name, an ID, a domain); cleared once `onAdd` succeeds. A
 * failure stays with the caller's mutation, which shows it.
 */
export function OneFieldForm({
  label,
  fieldLabel,
  submitLabel,
  placeholder,
  onAdd,
}: {
  label: string;
  fieldLabel: string;
  submitLabel: string;
  placeholder?: string;
  onAdd: (value: string) => Promise<unknown>;
}) {
  const form = useZodForm(oneValue, { value: '' });
  const submit = form.handleSubmit(async ({ value }) => {
    try {
      await onAdd(value);
      form.reset();
    } catch {
      // The caller's mutation holds the error and its alert shows it.
    }
  });
  return (
    <RowForm label={label} submitLabel={submitLabel} onSubmit={submit}>
      <Field
        label={fieldLabel}
        placeholder={placeholder}
        required
        error={form.formState.errors.value?.message}
        {...form.register('value')}
      />
    </RowForm>
  );
}
