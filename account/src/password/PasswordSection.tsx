import { unwrap } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

/** A new password, typed twice; the service asks for the current one first (step-up). */
export function PasswordSection() {
  const { t } = useTranslation('password');
  const api = useApi();
  const withProof = useStepUp();
  const queryClient = useQueryClient();
  const save = useSave();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = () => {
    setMismatch(password !== repeat);
    if (password !== repeat) return;
    void save.run(async () => {
      await withProof((header) =>
        unwrap(api.POST('/api/my-account/password', { body: { password }, params: { header } })),
      );
      setPassword('');
      setRepeat('');
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    });
  };

  return (
    <Section title={t('title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field
          label={t('new')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Field
          label={t('repeat')}
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={mismatch ? t('mismatch') : undefined}
          onChange={(event) => setRepeat(event.target.value)}
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
