import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Link } from 'react-router-dom';
import { Alert } from '@shared/ui/Alert';
import { useZodForm } from '@shared/ui/useZodForm';
import { connectorsKey, loadConnectors, nameOf } from '../connectors/queries';
import { useApi } from '../ui/api';

const socialForm = z.object({ chosen: z.array(z.string()) });

/** Which social connectors the sign-in page offers, by target, in the order they were chosen. */
export function SocialSignIn({
  targets,
  onSave,
}: {
  targets: string[];
  onSave: (patch: { socialSignInConnectorTargets: string[] }) => void;
}) {
  const api = useApi();
  const connectors = useQuery({ queryKey: connectorsKey, queryFn: () => loadConnectors(api) });
  const form = useZodForm(socialForm, { chosen: targets });
  const chosen = form.watch('chosen');
  const social = (connectors.data ?? []).filter((connector) => connector.type === 'Social');
  // A chosen target whose connector was deleted stays listed, so it can be taken off.
  const gone = chosen.filter((target) => !social.some((connector) => connector.target === target));
  const toggle = (target: string, on: boolean) =>
    form.setValue('chosen', on ? [...chosen, target] : chosen.filter((t) => t !== target));
  const submit = form.handleSubmit((values) => onSave({ socialSignInConnectorTargets: values.chosen }));
  const box = (target: string, label: string) => (
    <label key={target} className="check">
      <input
        type="checkbox"
        checked={chosen.includes(target)}
        onChange={(event) => toggle(target, event.target.checked)}
      />{' '}
      {label}
    </label>
  );
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="social-sign-in">
      <h2 id="social-sign-in">Social sign-in</h2>
      <p className="muted">The sign-in page shows a button for each connector chosen here.</p>
      <Alert error={connectors.error} />
      <fieldset>
        <legend>Social connectors on the sign-in page</legend>
        {social.map((connector) => box(connector.target, `${nameOf(connector)} (${connector.target})`))}
        {gone.map((target) => box(target, `${target} (connector deleted)`))}
        {connectors.data && social.length === 0 ? (
          <p className="muted">
            No social connectors yet: add one under <Link to="/connectors">Connectors</Link>.
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="primary">
        Save social sign-in
      </button>
    </form>
  );
}
