import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, call } from '../api';
import { codeIdentifierOf, finish, identifierOf, identify, sendCode, start, verifyCode } from '../experience';
import { useSettings } from '../settings';
import { Alert } from '../ui/Alert';
import { Card } from '../ui/Card';
import { CodeField, Field } from '../ui/Field';
import { useAction } from '../ui/useAction';

/** Sign in with a password, or with a one-time code sent to an e-mail address or phone. */
export function SignInPage() {
  const settings = useSettings();
  const codeAllowed = settings?.signIn.methods.some((method) => method.verificationCode) ?? false;
  const [mode, setMode] = useState<'password' | 'code'>('password');
  return (
    <Card title="Sign in">
      {mode === 'password' ? <PasswordForm /> : <CodeForm />}
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

function PasswordForm() {
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await start('SignIn');
      const { verificationId } = await call(
        api.POST('/api/experience/verification/password', {
          body: { identifier: identifierOf(identifier), password },
        }),
      );
      await identify(verificationId);
      await finish(navigate);
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="Username or e-mail"
        hint="You can also use your phone number."
        name="identifier"
        autoComplete="username"
        required
        autoFocus
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        Sign in
      </button>
    </form>
  );
}

function CodeForm() {
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await start('SignIn');
      setSent(await sendCode(codeIdentifierOf(address)));
    });
  };
  const resend = () =>
    void run(async () => {
      setSent(await sendCode(codeIdentifierOf(address)));
      setCode('');
    });
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const verificationId = await verifyCode(codeIdentifierOf(address), sent!, code.trim());
      await identify(verificationId);
      await finish(navigate);
    });
  };
  if (!sent) {
    return (
      <form onSubmit={send} noValidate>
        <Field
          label="E-mail or phone"
          name="address"
          autoComplete="email"
          required
          autoFocus
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          Send code
        </button>
      </form>
    );
  }
  return (
    <form onSubmit={verify} noValidate>
      <p className="status" role="status">
        We sent a code to {address}.
      </p>
      <CodeField autoFocus value={code} onValue={setCode} />
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        Sign in
      </button>
      <button type="button" className="link" disabled={busy} onClick={resend}>
        Send a new code
      </button>
    </form>
  );
}
