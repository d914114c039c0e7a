import { unwrap } from '@shared/api/client';
import { CodeField, Field } from '@shared/ui/Field';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import type { ControlValue } from '../auth/config';
import type { Me } from '../profile/me';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

type Kind = 'email' | 'phone';

/** The primary e-mail address or phone number: a new one is linked once a code sent to it is entered. */
export function EmailPhoneSection({
  kind,
  me,
  control,
}: {
  kind: Kind;
  me: Me;
  control: ControlValue | undefined;
}) {
  const { t } = useTranslation('email-phone');
  const api = useApi();
  const withProof = useStepUp();
  const queryClient = useQueryClient();
  const save = useSave();
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ value: string; verificationId: string } | null>(null);
  const current = kind === 'email' ? me.primaryEmail : me.primaryPhone;

  const send = () =>
    save.run(async () => {
      const identifier = { type: kind, value: value.trim() };
      const { verificationId } = await unwrap(
        api.POST('/api/my-account/verification-code', { body: { identifier } }),
      );
      setSent({ value: identifier.value, verificationId });
    });

  const link = (pending: { value: string; verificationId: string }) =>
    save.run(async () => {
      const identifier = { type: kind, value: pending.value };
      const { verificationId } = pending;
      await unwrap(
        api.POST('/api/my-account/verification-code/verify', { body: { identifier, verificationId, code } }),
      );
      await withProof((header) =>
        kind === 'email'
          ? unwrap(
              api.POST('/api/my-account/primary-email', {
                body: { email: pending.value, newIdentifierVerificationRecordId: verificationId },
                params: { header },
              }),
            )
          : unwrap(
              api.POST('/api/my-account/primary-phone', {
                body: { phone: pending.value, newIdentifierVerificationRecordId: verificationId },
                params: { header },
              }),
            ),
      );
      setSent(null);
      setValue('');
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    });

  return (
    <Section title={t(`${kind}.title`)}>
      <p>{current ? t(`${kind}.current`, { value: current }) : t(`${kind}.none`)}</p>
      {control === 'Edit' && !sent ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Field
            label={t(`${kind}.new`)}
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel'}
            required
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <button type="submit" disabled={save.busy}>
            {t('send')}
          </button>
        </form>
      ) : null}
      {sent ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void link(sent);
          }}
        >
          <p role="status">{t('sentTo', { value: sent.value })}</p>
          <CodeField label={t('code')} value={code} onChange={(event) => setCode(event.target.value)} />
          <div className="actions">
            <button type="button" onClick={() => setSent(null)}>
              {t('cancel')}
            </button>
            <button type="submit" className="primary" disabled={save.busy}>
              {t('verify')}
            </button>
          </div>
        </form>
      ) : null}
      <ErrorText error={save.error} />
    </Section>
  );
}
