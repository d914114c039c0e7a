import { Field } from '@shared/ui/Field';

/**
 * A write-only secret: a password input that starts empty. When the service holds a value it
 * says so (`•••• set`); leaving the input empty keeps that value, typing replaces it.
 */
export function SecretField({
  label,
  isSet,
  value,
  onChange,
  required,
}: {
  label: string;
  isSet: boolean;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required && !isSet}
      hint={isSet ? '•••• set — leave empty to keep it' : undefined}
    />
  );
}
