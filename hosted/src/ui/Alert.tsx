import { humanMessage } from '../messages';
import { useLimits } from '../settings';

/** An error in words, announced by screen readers as soon as it appears. */
export function Alert({ error }: { error: unknown }) {
  const limits = useLimits();
  return (
    <p role="alert" className="alert">
      {error ? humanMessage(error, limits) : ''}
    </p>
  );
}
