import { Field } from '@shared/ui/Field';

export interface Entry {
  key: string;
  value: string;
}

/** Entries with a key become the subject token's context, which the custom-claims script sees. */
export function toContext(entries: Entry[]): Record<string, string> {
  return Object.fromEntries(
    entries.filter((entry) => entry.key.trim()).map((entry) => [entry.key.trim(), entry.value]),
  );
}

/** Free-form key/value pairs (context, headers), each field labelled by its row number. */
export function ContextEntries({
  entries,
  onChange,
  legend = 'Context',
  noun = 'Context',
}: {
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  legend?: string;
  noun?: string;
}) {
  const set = (index: number, change: Partial<Entry>) =>
    onChange(entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  return (
    <fieldset>
      <legend>{legend}</legend>
      {entries.map((entry, index) => (
        <div className="row" key={index}>
          <Field
            label={`${noun} key ${index + 1}`}
            value={entry.key}
            onChange={(e) => set(index, { key: e.target.value })}
          />
          <Field
            label={`${noun} value ${index + 1}`}
            value={entry.value}
            onChange={(e) => set(index, { value: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove ${noun.toLowerCase()} entry ${index + 1}`}
            onClick={() => onChange(entries.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...entries, { key: '', value: '' }])}>
        Add {noun.toLowerCase()} entry
      </button>
    </fieldset>
  );
}
