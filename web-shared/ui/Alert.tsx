import { createContext, useContext, type ReactNode } from 'react';
import { ApiCallError } from '../api/client';
import { passwordIssueSentences } from './password-issues';

/** The console's wording: the message, the stable code for support, and any validation issues. */
export function describeError(error: unknown): ReactNode {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiCallError ? error.code : undefined;
  if (error instanceof ApiCallError && code === 'password.rejected') {
    const sentences = passwordIssueSentences(error.data);
    if (sentences.length > 0) return `${sentences.join(' ')}`;
  }
  const issues =
    error instanceof ApiCallError && error.data && typeof error.data === 'object' && 'issues' in error.data
      ? (error.data as { issues: unknown[] }).issues
      : undefined;
  return (
    <>
      {message}
      {code ? <code> ({code})</code> : null}
      {Array.isArray(issues) && issues.length > 0 ? ` — ${issues.map(String).join(', ')}` : null}
    </>
  );
}

/**
 * How a front end says its errors. `persistent` keeps the (empty) live region in the page before
 * any error, so the first error is announced too; the hosted pages want that.
 */
export interface AlertWording {
  describe: (error: unknown) => ReactNode;
  persistent: boolean;
  className: string;
}

const WordingContext = createContext<AlertWording>({
  describe: describeError,
  persistent: false,
  className: 'error',
});

/** Sets the wording of every Alert below it (the hosted pages: words for end users, no codes). */
export const AlertWordingProvider = WordingContext.Provider;

/** An error said in words, announced to screen readers, in the wording the page provides. */
export function Alert({ error }: { error: unknown }) {
  const { describe, persistent, className } = useContext(WordingContext);
  if (!error && !persistent) return null;
  return (
    <p role="alert" className={className}>
      {error ? describe(error) : ''}
    </p>
  );
}
