import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { ContextEntries, toContext, type Entry } from '../users/ContextEntries';
import { EventPicker, type HookEventName } from './EventPicker';

export interface HookDraft {
  name: string;
  events: HookEventName[];
  config: { url: string; headers: Record<string, string> };
}

const hookForm = z.object({
  name: z.string().trim().min(1, 'Enter a webhook name.'),
  url: z.url('Enter the endpoint as an absolute URL.'),
  events: z.array(z.custom<HookEventName>()),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
});

/** Name, endpoint URL, events by family, custom headers: shared by create and edit. */
export function HookForm({
  initial,
  submitLabel,
  onSubmit,
  error,
  pending,
}: {
  initial?: { name: string; events: string[]; config: { url: string; headers?: Record<string, string> } };
  submitLabel: string;
  onSubmit: (draft: HookDraft) => void;
  error: unknown;
  pending: boolean;
}) {
  const form = useZodForm(hookForm, {
    name: initial?.name ?? '',
    url: initial?.config.url ?? '',
    events: (initial?.events ?? []) as HookEventName[],
    headers: Object.entries(initial?.config.headers ?? {}).map(([key, value]): Entry => ({ key, value })),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ name, events, url, headers }) =>
    onSubmit({ name, events, config: { url, headers: toContext(headers) } }),
  );
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <div className="row">
        <Field label="Webhook name" required error={errors.name?.message} {...form.register('name')} />
        <Field
          label="Endpoint URL"
          type="url"
          required
          error={errors.url?.message}
          {...form.register('url')}
        />
      </div>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => <EventPicker value={field.value} onChange={field.onChange} />}
      />
      <details>
        <summary>Custom headers</summary>
        <Controller
          control={form.control}
          name="headers"
          render={({ field }) => (
            <ContextEntries
              entries={field.value}
              onChange={field.onChange}
              legend="Custom headers"
              noun="Header"
            />
          )}
        />
      </details>
      <Alert error={error} />
      <button type="submit" className="primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
