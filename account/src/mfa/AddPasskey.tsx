import { unwrap } from '@shared/api/client';
import { startRegistration } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { ErrorText } from '../ui/ErrorText';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

/** A passkey: the browser creates it, the service checks it, then it is bound to the account. */
export function AddPasskey({ onAdded }: { onAdded: () => Promise<void> }) {
  const { t } = useTranslation('mfa');
  const api = useApi();
  const withProof = useStepUp();
  const save = useSave();

  const add = () =>
    save.run(async () => {
      const { verificationRecordId, registrationOptions } = await unwrap(
        api.POST('/api/verifications/web-authn/registration'),
      );
      const payload = await startRegistration({ optionsJSON: registrationOptions as never });
      await unwrap(
        api.POST('/api/verifications/web-authn/registration/verify', {
          body: { verificationRecordId, payload: payload as never },
        }),
      );
      await withProof((header) =>
        unwrap(
          api.POST('/api/my-account/mfa-verifications', {
            body: { type: 'WebAuthn', newIdentifierVerificationRecordId: verificationRecordId },
            params: { header },
          }),
        ),
      );
      await onAdded();
    });

  return (
    <>
      <button type="button" disabled={save.busy} onClick={() => void add()}>
        {t('addPasskey')}
      </button>
      <ErrorText error={save.error} />
    </>
  );
}
