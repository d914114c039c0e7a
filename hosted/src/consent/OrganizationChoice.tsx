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
  if (organizations.length === 0) {
    return <p className="hint">You are not a member of any organization, so none will be shared.</p>;
  }
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className="choices">
      <legend>Organizations it may access</legend>
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
