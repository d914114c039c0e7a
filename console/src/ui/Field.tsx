import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** A labelled input: the label wraps the control, so its accessible name is the label text. */
export function Field({ label, hint, ...input }: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} />
      {hint ? <small>{hint}</small> : null}
    </label>
  );
}

export function TextArea({ label, hint, ...input }: { label: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <textarea {...input} />
      {hint ? <small>{hint}</small> : null}
    </label>
  );
}

export function Select({
  label,
  options,
  ...select
}: { label: string; options: readonly (string | { value: string; label: string })[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <select {...select}>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}

/** An on/off setting: a checkbox with the switch role, labelled, with an optional explanation. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  description,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: ReactNode;
}) {
  const id = `switch-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="switch-row">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {description ? <p id={`${id}-description`} className="muted">{description}</p> : null}
    </div>
  );
}
