import { useState } from 'react';
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
  return (
    <Card title="Sign in">
      {mode === 'password' ? <PasswordForm /> : <CodeForm />}
      <SocialButtons />
      <nav className="links" aria-label="Other options">
        {codeAllowed ? (
          <button
            type="button"
            className="link"
            onClick={() => setMode(mode === 'password' ? 'code' : 'password')}
          >
            {mode === 'password' ? 'Use a one-time code instead' : 'Use a password instead'}
          </button>
        ) : null}
        <Link to="/forgot-password">Forgot your password?</Link>
        {settings && settings.signUp.identifiers.length > 0 ? (
          <Link to="/register">Create an account</Link>
        ) : null}
      </nav>
    </Card>
  );
}

const credentials = z.object({ identifier: z.string(), password: z.string() });

function PasswordForm() {
  const navigate = useNavigate();
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
        label="Username or e-mail"
        hint="You can also use your phone number."
        autoComplete="username"
        required
        autoFocus
        {...form.register('identifier')}
      />
      {sso ? (
        <SsoNotice connector={sso} />
      ) : (
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
      )}
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {sso ? 'Continue with single sign-on' : 'Sign in'}
      </button>
    </form>
  );
}
