import { meta } from '../meta';
import { Card } from '../ui/Card';

const explanations: Record<string, string> = {
  invalid_redirect_uri: 'The application sent you here with an address it is not allowed to use.',
  invalid_request: 'The application’s sign-in request is not valid.',
  invalid_client: 'The application is not known here.',
  session_not_found: 'This sign-in has expired or was already finished.',
  'session.not_found': 'This sign-in has expired or was already finished.',
};

/** Broken or expired sign-ins and provider errors, in words; the technical code for support. */
export function ErrorPage({ code }: { code?: string }) {
  const error = code ?? meta('error') ?? 'session_not_found';
  const description = meta('error-description');
  return (
    <Card title="We can’t continue this sign-in">
      <div role="alert">
        <p>{explanations[error] ?? 'Something went wrong with this sign-in.'}</p>
        <p>Go back to the application and start again. If it keeps happening, contact its support.</p>
      </div>
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
