import { unwrap } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApi } from '../api';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

const passwordForm = z
  .object({ password: z.string().min(1), repeat: z.string() })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], message: 'mismatch' });

/** A new password, typed twice; the service asks for the current one first (step-up). */
export function PasswordSection() {
  const { t } = useTranslation('password');
  const api = useApi();
  const withProof = useStepUp();
  const queryClient = useQueryClient();
  const save = useSave();
  const form = useZodForm(passwordForm, { password: '', repeat: '' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password }) =>
    save.run(async () => {
      await withProof((header) =>
        unwrap(api.POST('/api/my-account/password', { body: { password }, params: { header } })),
      );
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    }),
  );

  return (
    <Section title={t('title')}>
      <form onSubmit={submit}>
        <Field
          label={t('new')}
          type="password"
          autoComplete="new-password"
          required
          {...form.register('password')}
        />
        <Field
          label={t('repeat')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.repeat ? t('mismatch') : undefined}
          {...form.register('repeat')}
        />
        <ErrorText error={save.error} />
        {save.done ? <p role="status">{t('changed')}</p> : null}
        <button type="submit" className="primary" disabled={save.busy}>
          {t('change')}
        </button>
      </form>
    </Section>
  );
}
