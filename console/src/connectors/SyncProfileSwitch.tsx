import { Switch } from '@shared/ui/Field';

/** Logto's `syncProfile` of social and SSO connectors: stored, said plainly that it is not applied. */
export function SyncProfileSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Switch
      label="Sync profile at each sign-in"
      checked={checked}
      onChange={onChange}
      description="Logto's syncProfile, kept with the connector; Tessera does not yet update profiles from the provider."
    />
  );
}
