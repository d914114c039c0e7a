import { useTranslation } from 'react-i18next';
import { meta } from '../meta';
import { Card } from '../ui/Card';

// The errors explained in words, by their key in the `error` catalog (`explain.<key>`).
const explanations: Record<string, string> = {
  invalid_redirect_uri: 'redirectUri',
  invalid_request: 'request',
  invalid_client: 'client',
  session_not_found: 'sessionNotFound',
  'session.not_found': 'sessionNotFound',
  provider_refused: 'providerRefused',
  temporarily_unavailable: 'unavailable',
  state_mismatch: 'stateMismatch',
};

/**
 * Broken or expired sign-ins and provider errors, in words; the technical code for support.
 * `retry`: the interaction is still alive (a social or SSO callback failed), so the sign-in
 * page can be tried again.
 */
export function ErrorPage({ code, message, retry }: { code?: string; message?: string; retry?: boolean }) {
  const { t } = useTranslation('error');
  const error = code ?? meta('error') ?? 'session_not_found';
  const explanation = explanations[error];
  const description = code ? undefined : meta('error-description');
  return (
    <Card title={t('title')}>
      <div role="alert">
        <p>{message ?? t(explanation ? `explain.${explanation}` : 'explain.other')}</p>
        {retry ? null : <p>{t('goBack')}</p>}
      </div>
      {retry ? (
        <p>
          <a href="/sign-in">{t('retry')}</a>
        </p>
      ) : null}
      <details>
        <summary>{t('details')}</summary>
        <p>
          <code>{error}</code>
          {description ? ` — ${description}` : ''}
        </p>
      </details>
    </Card>
  );
}
