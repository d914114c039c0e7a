import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@shared/ui/Field';
import { useSettings } from '../settings';
import { PasswordRules } from './PasswordRules';

/** A new password, with the sign-in experience's rules checked as the person types. */
export function NewPasswordField({
  label,
  password,
  autoFocus,
  field,
}: {
  label: string;
  /** What is typed so far (the form's watched value). */
  password: string;
  autoFocus?: boolean;
  field: UseFormRegisterReturn;
}) {
  const settings = useSettings();
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        {...field}
      />
      {settings ? <PasswordRules policy={settings.passwordPolicy} password={password} /> : null}
    </>
  );
}
