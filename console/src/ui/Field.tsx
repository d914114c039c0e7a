import {
  useEffect,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

type Labelled = { label: string; hint?: ReactNode };

/** Label above control, tied by id, so the control's accessible name is exactly the label. */
function Labelled({ id, label, hint, children }: Labelled & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
    </div>
  );
}

export function Field({ label, hint, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </Labelled>
  );
}

export function TextArea({ label, hint, ...input }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </Labelled>
  );
}

type Option = string | { value: string; label: string };

export function Select({
  label,
  options,
  ...select
}: { label: string; options: readonly Option[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <select id={id} {...select}>
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
    </Labelled>
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
