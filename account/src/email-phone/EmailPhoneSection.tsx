import { unwrap } from '@shared/api/client';
import { CodeField, Field } from '@shared/ui/Field';
import { oneCode, useZodForm } from '@shared/ui/useZodForm';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApi } from '../api';
import type { ControlValue } from '../auth/config';
import type { Me } from '../profile/me';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

type Kind = 'email' | 'phone';

const addressForm = z.object({ value: z.string().trim().min(1) });

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
  const addressStep = useZodForm(addressForm, { value: '' });
  const codeStep = useZodForm(oneCode, { code: '' });
  const [sent, setSent] = useState<{ value: string; verificationId: string } | null>(null);
  const current = kind === 'email' ? me.primaryEmail : me.primaryPhone;

  const send = addressStep.handleSubmit(({ value }) =>
    save.run(async () => {
      const identifier = { type: kind, value };
      const { verificationId } = await unwrap(
        api.POST('/api/my-account/verification-code', { body: { identifier } }),
      );
      setSent({ value: identifier.value, verificationId });
    }),
  );

  const link = (pending: { value: string; verificationId: string }, code: string) =>
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
      addressStep.reset();
      codeStep.reset();
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    });

  return (
    <Section title={t(`${kind}.title`)}>
      <p>{current ? t(`${kind}.current`, { value: current }) : t(`${kind}.none`)}</p>
      {control === 'Edit' && !sent ? (
        <form onSubmit={send}>
          <Field
            label={t(`${kind}.new`)}
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel'}
            required
            {...addressStep.register('value')}
          />
          <button type="submit" disabled={save.busy}>
            {t('send')}
          </button>
        </form>
      ) : null}
      {sent ? (
        <form onSubmit={codeStep.handleSubmit(({ code }) => link(sent, code))}>
          <p role="status">{t('sentTo', { value: sent.value })}</p>
          <CodeField label={t('code')} {...codeStep.register('code')} />
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
