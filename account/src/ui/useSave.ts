import { useState } from 'react';
import { StepUpCancelled } from './StepUp';

/** One action at a time: busy while it runs, its error kept to show, a closed password prompt ignored. */
export function useSave() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await action();
      setDone(true);
    } catch (caught) {
      if (!(caught instanceof StepUpCancelled)) setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, run };
}
