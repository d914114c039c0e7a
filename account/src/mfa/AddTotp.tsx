import { unwrap } from '@shared/api/client';
import { CodeField } from '@shared/ui/Field';
import { oneCode, useZodForm } from '@shared/ui/useZodForm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { ErrorText } from '../ui/ErrorText';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

/** An authenticator app: the secret shown (QR code and text), bound with a code the app shows. */
export function AddTotp({ onAdded }: { onAdded: () => Promise<void> }) {
  const { t } = useTranslation('mfa');
  const api = useApi();
  const withProof = useStepUp();
  const save = useSave();
  const [secret, setSecret] = useState<{ secret: string; secretQrCode: string } | null>(null);
  const form = useZodForm(oneCode, { code: '' });

  const start = () =>
    save.run(async () => {
      setSecret(await unwrap(api.POST('/api/my-account/mfa-verifications/totp-secret/generate')));
    });

  const bind = (pending: { secret: string }, code: string) =>
    save.run(async () => {
      await withProof((header) =>
        unwrap(
          api.POST('/api/my-account/mfa-verifications', {
            body: { type: 'Totp', secret: pending.secret, code },
            params: { header },
          }),
        ),
      );
      setSecret(null);
      form.reset();
      await onAdded();
    });

  if (!secret) {
    return (
      <>
        <button type="button" disabled={save.busy} onClick={() => void start()}>
          {t('addTotp')}
        </button>
        <ErrorText error={save.error} />
      </>
    );
  }
  return (
    <form className="panel" onSubmit={form.handleSubmit(({ code }) => bind(secret, code))}>
      <p>{t('scan')}</p>
      <img src={secret.secretQrCode} alt={t('qrAlt')} width={180} height={180} />
      <p>
        {t('orEnter')} <code aria-label={t('secretLabel')}>{secret.secret}</code>
      </p>
      <CodeField label={t('totpCode')} {...form.register('code')} />
      <ErrorText error={save.error} />
      <div className="actions">
        <button type="button" onClick={() => setSecret(null)}>
          {t('cancel')}
        </button>
        <button type="submit" className="primary" disabled={save.busy}>
          {t('confirmTotp')}
        </button>
      </div>
    </form>
  );
}
