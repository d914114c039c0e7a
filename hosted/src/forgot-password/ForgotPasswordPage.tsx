import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, unwrap } from '../api';
import { codeIdentifierOf, identify, sendCode, start, verifyCode } from '../experience';
import { useSettings } from '../settings';
import { Alert } from '../ui/Alert';
import { Card } from '../ui/Card';
import { CodeField, Field } from '@shared/ui/Field';
import { PasswordRules } from '../ui/PasswordRules';
import { useAction } from '@shared/ui/useAction';

/** A code to the account's e-mail or phone, then a new password with the policy's live feedback. */
export function ForgotPasswordPage() {
  const settings = useSettings();
  const { busy, error, run } = useAction();
  const [step, setStep] = useState<'address' | 'code' | 'password' | 'done'>('address');
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (step === 'address') {
        await start('ForgotPassword');
        setSent(await sendCode(codeIdentifierOf(address)));
        setStep('code');
      } else if (step === 'code') {
        await identify(await verifyCode(codeIdentifierOf(address), sent, code.trim()));
        setStep('password');
      } else {
        await unwrap(api.POST('/api/experience/profile', { body: { type: 'password', value: password } }));
        await unwrap(api.POST('/api/experience/submit'));
        setStep('done');
      }
    });
  };

  if (step === 'done') {
    return (
      <Card title="Password changed">
        <p role="status">Your password was changed. Sign in with the new one.</p>
        <Link className="button primary" to="/">
          Sign in
        </Link>
      </Card>
    );
  }
  return (
    <Card title="Reset your password">
      <form onSubmit={submit} noValidate>
        <Field
          label="E-mail or phone"
          name="address"
          autoComplete="email"
          required
          autoFocus={step === 'address'}
          readOnly={step !== 'address'}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        {step === 'code' ? (
          <>
            <p className="status" role="status">
              If an account uses {address}, a code is on its way to it.
            </p>
            <CodeField autoFocus value={code} onValue={setCode} />
          </>
        ) : null}
        {step === 'password' ? (
          <>
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {settings ? <PasswordRules policy={settings.passwordPolicy} password={password} /> : null}
          </>
        ) : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {step === 'address' ? 'Send code' : step === 'code' ? 'Verify code' : 'Set new password'}
        </button>
      </form>
      <nav className="links" aria-label="Other options">
        <Link to="/">Back to sign-in</Link>
      </nav>
    </Card>
  );
}
