import { unwrap } from '@shared/api/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { ErrorText } from '../ui/ErrorText';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

/** New backup codes: shown once, bound when the user says they kept them (old ones stop working). */
export function AddBackupCodes({ onAdded }: { onAdded: () => Promise<void> }) {
  const { t } = useTranslation('mfa');
  const api = useApi();
  const withProof = useStepUp();
  const save = useSave();
  const [codes, setCodes] = useState<string[] | null>(null);

  const generate = () =>
    save.run(async () => {
      setCodes((await unwrap(api.POST('/api/my-account/mfa-verifications/backup-codes/generate'))).codes);
    });

  const bind = (pending: string[]) =>
    save.run(async () => {
      await withProof((header) =>
        unwrap(
          api.POST('/api/my-account/mfa-verifications', {
            body: { type: 'BackupCode', codes: pending },
            params: { header },
          }),
        ),
      );
      setCodes(null);
      await onAdded();
    });

  if (!codes) {
    return (
      <>
        <button type="button" disabled={save.busy} onClick={() => void generate()}>
          {t('newBackupCodes')}
        </button>
        <ErrorText error={save.error} />
      </>
    );
  }
  return (
    <div className="panel">
      <p>{t('keepCodes')}</p>
      <ul className="codes" aria-label={t('backupCodesLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <ErrorText error={save.error} />
      <div className="actions">
        <button type="button" onClick={() => setCodes(null)}>
          {t('cancel')}
        </button>
        <button type="button" className="primary" disabled={save.busy} onClick={() => void bind(codes)}>
          {t('keptCodes')}
        </button>
      </div>
    </div>
  );
}
