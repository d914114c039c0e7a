import { useTranslation } from 'react-i18next';

interface Organization {
  id: string;
  name: string;
}

/** The user's organizations as checkboxes: the application may act only in the ticked ones. */
export function OrganizationChoice({
  organizations,
  chosen,
  onChange,
}: {
  organizations: Organization[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation('consent');
  if (organizations.length === 0) {
    return <p className="hint">{t('organizations.none')}</p>;
  }
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className="choices">
      <legend>{t('organizations.legend')}</legend>
      {organizations.map((organization) => (
        <label key={organization.id} className="choice">
          <input
            type="checkbox"
            name="organizationIds"
            value={organization.id}
            checked={chosen.includes(organization.id)}
            onChange={(event) => toggle(organization.id, event.target.checked)}
          />
          {organization.name}
        </label>
      ))}
    </fieldset>
  );
}
