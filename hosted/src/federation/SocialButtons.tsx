import { Alert } from '@shared/ui/Alert';
import { useAction } from '@shared/ui/useAction';
import { useSettings } from '../settings';
import { localName, startFederated } from './federation';

// Only logos the page's policy lets load (https, or this origin); others would show broken.
const loadable = (logo: string) => /^(https:\/\/|\/[^/]|data:image\/)/.test(logo);

/** "Continue with …" for each social connector the sign-in experience offers. */
export function SocialButtons() {
  const settings = useSettings();
  const { busy, error, run } = useAction();
  const connectors = settings?.socialConnectors ?? [];
  if (connectors.length === 0) return null;
  return (
    <section className="federated" aria-label="Sign in with another account">
      <p className="divider" aria-hidden="true">
        or
      </p>
      {connectors.map((connector) => (
        <button
          key={connector.id}
          type="button"
          className="social-button"
          disabled={busy}
          onClick={() => void run(() => startFederated('social', connector.id))}
        >
          {loadable(connector.logo) ? <img src={connector.logo} alt="" className="social-logo" /> : null}
          Continue with {localName(connector.name, connector.target)}
        </button>
      ))}
      <Alert error={error} />
    </section>
  );
}
