import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiCallError, unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { publicClient } from './public-client';
import { useSession } from './SessionProvider';

const administrator = z
  .object({ username: z.string(), password: z.string(), repeat: z.string() })
  .refine(({ password, repeat }) => password === repeat, {
    message: 'setup.passwordsDiffer',
    path: ['repeat'],
  });

/** First run: the installation has not been administered yet, so the console offers to create one. */
export function SetupPage() {
  const { signIn } = useSession();
  const { t } = useTranslation('first-run');
  const form = useZodForm(administrator, { username: '', password: '', repeat: '' });
  const create = useMutation({
    mutationFn: ({ username, password }: z.output<typeof administrator>) =>
      unwrap(publicClient.POST('/api/console/setup', { body: { username, password } })),
  });
  // A refusal of the last attempt is stale once the next one is made, valid or not.
  const submit = form.handleSubmit(
    (values) => create.mutate(values),
    () => create.reset(),
  );
  const mismatch = form.formState.errors.repeat?.message;
  if (create.error instanceof ApiCallError && create.error.code === 'console.setup_done') {
    return <SetupClosed />;
  }
  if (create.isSuccess) {
    return (
      <main className="narrow">
        <h1>{t('setup.createdTitle')}</h1>
        <p role="status">
          <Trans
            t={t}
            i18nKey="setup.createdText"
            values={{ username: create.variables.username }}
            components={{ strong: <strong /> }}
          />
        </p>
        <button type="button" className="primary" onClick={() => void signIn('/console')}>
          {t('signIn')}
        </button>
      </main>
    );
  }
  return (
    <main className="narrow">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <form onSubmit={submit} aria-label={t('setup.form')}>
        <Field label={t('setup.username')} {...form.register('username')} required autoComplete="username" />
        <Field
          label={t('setup.password')}
          type="password"
          {...form.register('password')}
          required
          autoComplete="new-password"
        />
        <Field
          label={t('setup.repeat')}
          type="password"
          {...form.register('repeat')}
          required
          autoComplete="new-password"
        />
        {mismatch ? (
          <p role="alert" className="error">
            {t(mismatch)}
          </p>
        ) : null}
        <Alert error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          {t('setup.submit')}
        </button>
      </form>
    </main>
  );
}

/** Setup closed while the form was open: someone administered the installation in the meantime. */
function SetupClosed() {
  const { signIn } = useSession();
  const { t } = useTranslation('first-run');
  return (
    <main className="narrow">
      <h1>{t('setup.closedTitle')}</h1>
      <p role="alert">{t('setup.closedText')}</p>
      <RecoveryHint />
      <button type="button" className="primary" onClick={() => void signIn('/console')}>
        {t('signIn')}
      </button>
    </main>
  );
}

/** The way back in when nobody can sign in as an administrator: a command on the host. */
export function RecoveryHint() {
  const { t } = useTranslation('first-run');
  return (
    <p>
      <Trans
        t={t}
        i18nKey="recovery"
        values={{ command: 'tessera create-admin --username NAME' }}
        components={{ code: <code /> }}
      />
    </p>
  );
}
