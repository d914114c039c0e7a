import { meta } from '../meta';
import { Card } from '../ui/Card';

const explanations: Record<string, string> = {
  invalid_redirect_uri: 'The application sent you here with an address it is not allowed to use.',
  invalid_request: 'The application’s sign-in request is not valid.',
  invalid_client: 'The application is not known here.',
  session_not_found: 'This sign-in has expired or was already finished.',
  'session.not_found': 'This sign-in has expired or was already finished.',
  provider_refused: 'The identity provider did not sign you in.',
  temporarily_unavailable: 'The service is briefly unavailable. Try again in a few moments.',
  state_mismatch: 'The identity provider’s answer does not belong to this sign-in, so it was not used.',
};

/**
 * Broken or expired sign-ins and provider errors, in words; the technical code for support.
 * `retry`: the interaction is still alive (a social or SSO callback failed), so the sign-in
 * page can be tried again.
 */
export function ErrorPage({ code, message, retry }: { code?: string; message?: string; retry?: boolean }) {
  const error = code ?? meta('error') ?? 'session_not_found';
  const description = code ? undefined : meta('error-description');
  return (
    <Card title="We can’t continue this sign-in">
      <div role="alert">
        <p>{message ?? explanations[error] ?? 'Something went wrong with this sign-in.'}</p>
        {retry ? null : (
          <p>Go back to the application and start again. If it keeps happening, contact its support.</p>
        )}
      </div>
      {retry ? (
        <p>
          <a href="/sign-in">Try signing in again</a>
        </p>
      ) : null}
      <details>
        <summary>Technical details</summary>
        <p>
          <code>{error}</code>
          {description ? ` — ${description}` : ''}
        </p>
      </details>
    </Card>
  );
}
