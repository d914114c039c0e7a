import { useTranslation } from 'react-i18next';
import { Alert } from '@shared/ui/Alert';
import { useAction } from '@shared/ui/useAction';
import { useSettings } from '../settings';
import { localName, startFederated } from './federation';

// Only logos the page's policy lets load (https, or this origin); others would show broken.
const loadable = (logo: string) => /^(https:\/\/|\/[^/]|data:image\/)/.test(logo);

/** "Continue with …" for each social connector the sign-in experience offers. */
export function SocialButtons() {
  const settings = useSettings();
  const { t, i18n } = useTranslation('federation');
  const { busy, error, run } = useAction();
  const connectors = settings?.socialConnectors ?? [];
  if (connectors.length === 0) return null;
  return (
    <section className="federated" aria-label={t('social.label')}>
      <p className="divider" aria-hidden="true">
        {t('social.or')}
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
          {t('social.continueWith', { provider: localName(connector.name, connector.target, i18n.language) })}
        </button>
      ))}
      <Alert error={error} />
    </section>
  );
}
