import { unwrap } from '@shared/api/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import type { ControlValue } from '../auth/config';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';
import { AddBackupCodes } from './AddBackupCodes';
import { AddPasskey } from './AddPasskey';
import { AddTotp } from './AddTotp';

/** The second factors bound to the account; added and removed here when the operator allows it. */
export function MfaSection({
  control,
  factors: enabled,
}: {
  control: ControlValue | undefined;
  factors: string[];
}) {
  const { t, i18n } = useTranslation('mfa');
  const api = useApi();
  const withProof = useStepUp();
  const queryClient = useQueryClient();
  const remove = useSave();
  const factors = useQuery({
    queryKey: ['mfa'],
    queryFn: () => unwrap(api.GET('/api/my-account/mfa-verifications')),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mfa'] });
  const canEdit = control === 'Edit';
  const list = factors.data ?? [];

  const removeFactor = (verificationId: string) =>
    remove.run(async () => {
      await withProof((header) =>
        unwrap(
          api.DELETE('/api/my-account/mfa-verifications/{verificationId}', {
            params: { path: { verificationId }, header },
          }),
        ),
      );
      await refresh();
    });

  return (
    <Section title={t('title')}>
      <ErrorText error={factors.error} />
      {factors.data && list.length === 0 ? <p>{t('none')}</p> : null}
      <ul className="plain-list">
        {list.map((factor) => (
          <li key={factor.id}>
            <span>
              {t(`type.${factor.type}`)} ·{' '}
              {t('added', { date: new Date(factor.createdAt).toLocaleDateString(i18n.language) })}
              {factor.remainCodes !== undefined
                ? ` · ${t('remaining', { count: factor.remainCodes })}`
                : null}
            </span>
            {canEdit ? (
              <button
                type="button"
                className="danger"
                disabled={remove.busy}
                onClick={() => void removeFactor(factor.id)}
              >
                {t('remove', { factor: t(`type.${factor.type}`) })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorText error={remove.error} />
      {canEdit ? (
        <>
          {enabled.includes('Totp') && !list.some((factor) => factor.type === 'Totp') ? (
            <AddTotp onAdded={refresh} />
          ) : null}
          {enabled.includes('WebAuthn') ? <AddPasskey onAdded={refresh} /> : null}
          {enabled.includes('BackupCode') && list.some((factor) => factor.type !== 'BackupCode') ? (
            <AddBackupCodes onAdded={refresh} />
          ) : null}
        </>
      ) : null}
    </Section>
  );
}
