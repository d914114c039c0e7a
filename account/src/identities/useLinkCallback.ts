import { unwrap } from '@shared/api/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api';
import { StepUpCancelled, useStepUp } from '../ui/StepUp';
import { CALLBACK_PATH, readCallback, takePendingLink } from './link-flow';

export type CallbackOutcome =
  | { kind: 'none' }
  | { kind: 'working' }
  | { kind: 'linked'; connectorId: string }
  | { kind: 'refused' }
  | { kind: 'failed'; error: unknown };

/**
 * Back from the provider at /account/identities/callback: the record is verified with the
 * callback's data, then linked with the proof asked for before leaving (again if it has expired).
 */
export function useLinkCallback(): CallbackOutcome {
  const api = useApi();
  const withProof = useStepUp();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<CallbackOutcome>({ kind: 'none' });

  useEffect(() => {
    if (started.current || window.location.pathname !== CALLBACK_PATH) return;
    started.current = true;
    const link = takePendingLink();
    const connectorData = readCallback(link);
    if (!link || !connectorData) return setOutcome({ kind: 'refused' });
    setOutcome({ kind: 'working' });
    void (async () => {
      const { verificationRecordId } = link;
      await unwrap(
        api.POST('/api/verifications/social/verify', { body: { verificationRecordId, connectorData } }),
      );
      await withProof((header) =>
        unwrap(
          api.POST('/api/my-account/identities', {
            body: { newIdentifierVerificationRecordId: verificationRecordId },
            params: { header },
          }),
        ),
      );
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      setOutcome({ kind: 'linked', connectorId: link.connectorId });
    })().catch((error: unknown) =>
      setOutcome(error instanceof StepUpCancelled ? { kind: 'none' } : { kind: 'failed', error }),
    );
  }, [api, withProof, queryClient]);

  return outcome;
}
