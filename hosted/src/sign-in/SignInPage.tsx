import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { finish, identifierOf, identify, start } from '../experience';
import { SocialButtons } from '../federation/SocialButtons';
import { SsoNotice } from '../federation/SsoNotice';
import { startFederated } from '../federation/federation';
import { useSsoMatch } from '../federation/useSsoMatch';
import { useLoginHint } from '../first-screen/authorization-hints';
import { useSettings } from '../settings';
import { Card } from '../ui/Card';
import { CodeForm } from './CodeForm';

/**
 * Sign in with a password, or with a one-time code sent to an e-mail address or phone; with a
 * social connector's provider; an e-mail of an enterprise domain goes to its single sign-on.
 */
export function SignInPage() {
  const settings = useSettings();
  const codeAllowed = settings?.signIn.methods.some((method) => method.verificationCode) ?? false;
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const { t } = useTranslation('sign-in');
  return (
    <Card title={t('title')}>
      {mode === 'password' ? <PasswordForm /> : <CodeForm />}
      <SocialButtons />
      <nav className="links" aria-label={t('common:otherOptions')}>
        {codeAllowed ? (
          <button
            type="button"
            className="link"
            onClick={() => setMode(mode === 'password' ? 'code' : 'password')}
          >
            {mode === 'password' ? t('useCode') : t('usePassword')}
          </button>
        ) : null}
        <Link to="/forgot-password">{t('forgotPassword')}</Link>
        {settings && settings.signUp.identifiers.length > 0 ? (
          <Link to="/register">{t('createAccount')}</Link>
        ) : null}
      </nav>
    </Card>
  );
}

const credentials = z.object({ identifier: z.string(), password: z.string() });

function PasswordForm() {
  const navigate = useNavigate();
  const { t } = useTranslation('sign-in');
  const { busy, error, run } = useAction();
  const form = useZodForm(credentials, { identifier: useLoginHint(), password: '' });
  const sso = useSsoMatch(form.watch('identifier'));
  const submit = form.handleSubmit(({ identifier, password }) =>
    run(async () => {
      if (sso) return startFederated('sso', sso.id);
      await start('SignIn');
      const { verificationId } = await unwrap(
        api.POST('/api/experience/verification/password', {
          body: { identifier: identifierOf(identifier), password },
        }),
      );
      await identify(verificationId);
      await finish(navigate);
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('identifier')}
        hint={t('identifierHint')}
        autoComplete="username"
        required
        autoFocus
        {...form.register('identifier')}
      />
      {sso ? (
        <SsoNotice connector={sso} />
      ) : (
        <Field
          label={t('common:field.password')}
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
      )}
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {sso ? t('common:action.continueSso') : t('common:action.signIn')}
      </button>
    </form>
  );
}
