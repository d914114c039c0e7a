import { ApiCallError } from '@shared/api/client';

/** An error said in words, announced to screen readers; the stable code is shown for support. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiCallError ? error.code : undefined;
  const issues =
    error instanceof ApiCallError && error.data && typeof error.data === 'object' && 'issues' in error.data
      ? (error.data as { issues: unknown[] }).issues
      : undefined;
  return (
    <p role="alert" className="error">
      {message}
      {code ? <code> ({code})</code> : null}
      {Array.isArray(issues) && issues.length > 0 ? ` — ${issues.map(String).join(', ')}` : null}
    </p>
  );
}
