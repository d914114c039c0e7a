import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input (the label names it); a hint is its description. */
export function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint ? (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

/** A one-time code: the numeric keyboard and the browser's code autofill, reporting the typed text. */
export function CodeField({
  label = 'Verification code',
  numeric = true,
  value,
  onValue,
  ...input
}: {
  label?: string;
  numeric?: boolean;
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <Field
      label={label}
      name="code"
      inputMode={numeric ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      required
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...input}
    />
  );
}
