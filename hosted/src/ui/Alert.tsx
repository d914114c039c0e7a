import { Alert as SharedAlert } from '@shared/ui/Alert';
import { humanMessage } from '../messages';
import { useLimits } from '../settings';

/** The shared alert in the hosted pages' words (with the limits in force), always in the page. */
export function Alert({ error }: { error: unknown }) {
  const limits = useLimits();
  return <SharedAlert error={error} persistent className="alert" describe={(e) => humanMessage(e, limits)} />;
}
