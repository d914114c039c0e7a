import {
  forwardRef,
  useEffect,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** What every labelled control takes: its label, an optional hint and a validation message. */
interface Labelled {
  label: string;
  hint?: ReactNode;
  /** A form library's message for this control (react-hook-form's `errors.x?.message`). */
  error?: string;
}

/** A control's id, its invalid state, and the hint and error it points at with `aria-describedby`. */
function controlProps(id: string, { hint, error }: Pick<Labelled, 'hint' | 'error'>) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  };
}

/** Label above control, tied by id, so the control's accessible name is exactly the label. */
function Frame({ id, label, hint, error, children }: Labelled & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

type InputProps = Labelled & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input; takes a ref, so `{...register('name')}` from react-hook-form fits. */
export const Field = forwardRef<HTMLInputElement, InputProps>(function Field(
  { label, hint, error, ...input },
  ref,
) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <input ref={ref} {...controlProps(id, { hint, error })} {...input} />
    </Frame>
  );
});

type TextAreaProps = Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, ...input },
  ref,
) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea ref={ref} {...controlProps(id, { hint, error })} {...input} />
    </Frame>
  );
});

type Option = string | { value: string; label: string };
type SelectProps = Labelled & { options: readonly Option[] } & SelectHTMLAttributes<HTMLSelectElement>;

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, options, ...select },
  ref,
) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select ref={ref} {...controlProps(id, { hint, error })} {...select}>
        {options.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Frame>
  );
});

/** A checkbox with its label beside it; takes a ref like Field. */
export const Check = forwardRef<
  HTMLInputElement,
  { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>
>(function Check({ label, ...input }, ref) {
  return (
    <label className="check">
      <input ref={ref} type="checkbox" {...input} /> {label}
    </label>
  );
});

/** A one-time code: the numeric keyboard and the browser's code autofill; takes a ref like Field. */
export const CodeField = forwardRef<
  HTMLInputElement,
  { label?: string; numeric?: boolean } & Omit<InputProps, 'label'>
>(function CodeField({ label = 'Verification code', numeric = true, ...input }, ref) {
  return (
    <Field
      ref={ref}
      label={label}
      name="code"
      inputMode={numeric ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      required
      {...input}
    />
  );
});

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
  const id = useId();
  // Shows the new state at once while the change is saved; the saved state wins once settled.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  useEffect(() => {
    if (!disabled) setOptimistic(null);
  }, [disabled, checked]);
  return (
    <div className="switch-row">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={optimistic ?? checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => {
            setOptimistic(event.target.checked);
            onChange(event.target.checked);
          }}
        />
        <span>{label}</span>
      </label>
      {description ? (
        <p id={`${id}-description`} className="muted">
          {description}
        </p>
      ) : null}
    </div>
  );
}
