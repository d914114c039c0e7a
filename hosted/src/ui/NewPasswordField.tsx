import type { TFunction } from 'i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { passwordIssueSentences } from '@shared/ui/password-issues';
import { useSettings } from '../settings';
import { PasswordRules } from './PasswordRules';

/** The policy's objections in an error of the last attempt, if it was a `password.rejected`. */
function rejectionOf(error: unknown, t: TFunction): { issues: string[]; sentences: string[] } {
  if (!(error instanceof ApiCallError) || error.code !== 'password.rejected')
    return { issues: [], sentences: [] };
  const data = error.data as { issues?: unknown } | undefined;
  const issues = Array.isArray(data?.issues)
    ? data.issues.filter((i): i is string => typeof i === 'string')
    : [];
  return {
    issues,
    sentences: passwordIssueSentences(error.data, (key, count) =>
      t(`common:passwordIssue.${key}`, { count }),
    ),
  };
}

/**
 * A new password, with the sign-in experience's rules checked as the person types; when the
 * service refused the last one (`error`), the field says why and the refusing rules are marked.
 */
export function NewPasswordField({
  label,
  password,
  autoFocus,
  field,
  error,
}: {
  label: string;
  /** What is typed so far (the form's watched value). */
  password: string;
  autoFocus?: boolean;
  field: UseFormRegisterReturn;
  /** The last attempt's error, whatever it was. */
  error?: unknown;
}) {
  const settings = useSettings();
  const { t } = useTranslation();
  const rejection = rejectionOf(error, t);
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        error={rejection.sentences.length > 0 ? rejection.sentences.join(' ') : undefined}
        {...field}
      />
      {settings ? (
        <PasswordRules policy={settings.passwordPolicy} password={password} rejected={rejection.issues} />
      ) : null}
    </>
  );
}
