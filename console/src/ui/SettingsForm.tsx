import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '@shared/ui/Alert';

/**
 * The settings panel of an item's page: its fields, "Save settings", the save's error, and
 * "Saved." once it succeeded. `label` names the form (e.g. "Application settings").
 */
export function SettingsForm({
  label,
  onSubmit,
  save,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  save: { isPending: boolean; isSuccess: boolean; error: unknown };
  children: ReactNode;
}) {
  return (
    <form className="panel" onSubmit={onSubmit} aria-label={label}>
      <h2>Settings</h2>
      {children}
      <Alert error={save.error} />
      <button type="submit" className="primary" disabled={save.isPending}>
        Save settings
      </button>
      {save.isSuccess ? <span role="status"> Saved.</span> : null}
    </form>
  );
}
