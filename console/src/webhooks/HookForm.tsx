import { useState, type FormEvent } from 'react';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { ContextEntries, toContext, type Entry } from '../users/ContextEntries';
import { EventPicker, type HookEventName } from './EventPicker';

export interface HookDraft {
  name: string;
  events: HookEventName[];
  config: { url: string; headers: Record<string, string> };
}

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
  const [name, setName] = useState(initial?.name ?? '');
  const [url, setUrl] = useState(initial?.config.url ?? '');
  const [events, setEvents] = useState<HookEventName[]>((initial?.events ?? []) as HookEventName[]);
  const [headers, setHeaders] = useState<Entry[]>(
    Object.entries(initial?.config.headers ?? {}).map(([key, value]) => ({ key, value })),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, events, config: { url, headers: toContext(headers) } });
  };
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <div className="row">
        <Field label="Webhook name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Field
          label="Endpoint URL"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
        />
      </div>
      <EventPicker value={events} onChange={setEvents} />
      <details>
        <summary>Custom headers</summary>
        <ContextEntries entries={headers} onChange={setHeaders} legend="Custom headers" noun="Header" />
      </details>
      <Alert error={error} />
      <button type="submit" className="primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
