import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, unwrap } from '../api';
import { codeIdentifierOf, finish, identify, sendCode, start, verifyCode } from '../experience';
import { SocialButtons } from '../federation/SocialButtons';
import { useSettings } from '../settings';
import { Alert } from '../ui/Alert';
import { Card } from '../ui/Card';
import { CodeField, Field } from '@shared/ui/Field';
import { PasswordRules } from '../ui/PasswordRules';
import { useAction } from '@shared/ui/useAction';

/**
 * Registration with what the sign-in experience allows: a username and a password, or an e-mail
 * address / phone number proven by a code (with a password when the settings require one); or
 * a social account (a new identity registers at its callback).
 */
export function RegisterPage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const identifiers = settings?.signUp.identifiers ?? [];
  const byCode = identifiers.filter((type) => type !== 'username');
  const [method, setMethod] = useState<'username' | 'code'>(
    identifiers.includes('username') ? 'username' : 'code',
  );
  const [username, setUsername] = useState('');
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const needsPassword = method === 'username' || Boolean(settings?.signUp.password);

  const addPassword = async () => {
    if (needsPassword)
      await unwrap(api.POST('/api/experience/profile', { body: { type: 'password', value: password } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (method === 'username') {
        await start('Register');
        await unwrap(
          api.POST('/api/experience/profile', { body: { type: 'username', value: username.trim() } }),
        );
      } else if (!sent) {
        await start('Register');
        setSent(await sendCode(codeIdentifierOf(address)));
        return;
      } else {
        await identify(await verifyCode(codeIdentifierOf(address), sent, code.trim()));
      }
      await addPassword();
      await finish(navigate);
    });
  };

  if (settings && identifiers.length === 0) {
    return (
      <Card title="Create an account">
        <p>
          Registration is closed. <Link to="/">Sign in</Link>
        </p>
      </Card>
    );
  }
  const addressLabel = byCode.length === 2 ? 'E-mail or phone' : byCode[0] === 'phone' ? 'Phone' : 'E-mail';
  return (
    <Card title="Create an account">
      {identifiers.includes('username') && byCode.length > 0 ? (
        <div className="switch" role="group" aria-label="Register with">
          <button type="button" aria-pressed={method === 'username'} onClick={() => setMethod('username')}>
            Username
          </button>
          <button type="button" aria-pressed={method === 'code'} onClick={() => setMethod('code')}>
            {addressLabel}
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate>
        {method === 'username' ? (
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            required
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        ) : (
          <Field
            label={addressLabel}
            name="address"
            autoComplete="email"
            required
            autoFocus
            value={address}
            readOnly={Boolean(sent)}
            onChange={(e) => setAddress(e.target.value)}
          />
        )}
        {method === 'code' && sent ? <CodeField value={code} onValue={setCode} /> : null}
        {needsPassword && (method === 'username' || sent) ? (
          <>
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {settings ? <PasswordRules policy={settings.passwordPolicy} password={password} /> : null}
          </>
        ) : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {method === 'code' && !sent ? 'Send code' : 'Create account'}
        </button>
      </form>
      <SocialButtons />
      <nav className="links" aria-label="Other options">
        <Link to="/">I already have an account</Link>
      </nav>
    </Card>
  );
}
