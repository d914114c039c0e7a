import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from './Alert';

/**
 * A titled form in a panel: the title names the form and its submit button; the fields sit in
 * one row; the action's error shows above the button.
 */
export function FormPanel({
  title,
  submitLabel = title,
  onSubmit,
  error,
  busy,
  children,
  below,
  status,
}: {
  title: string;
  submitLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: unknown;
  busy: boolean;
  children: ReactNode;
  /** What stands under the row of fields (a checkbox, a note). */
  below?: ReactNode;
  /** Beside the submit button: the outcome of the last save. */
  status?: ReactNode;
}) {
  return (
    <form className="panel" onSubmit={onSubmit} aria-label={title}>
      <h2>{title}</h2>
      <div className="row">{children}</div>
      {below}
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {submitLabel}
      </button>
      {status}
    </form>
  );
}
