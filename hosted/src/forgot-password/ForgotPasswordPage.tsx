import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { CodeField, Field } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { codeIdentifierOf, identify, start, verifyCode } from '../experience';
import { useSplitLoginHint } from '../first-screen/authorization-hints';
import { Card } from '../ui/Card';
import { NewPasswordField } from '../ui/NewPasswordField';
import { ResendCode } from '../ui/ResendCode';
import { useSentCode } from '../ui/useSentCode';

const reset = z.object({ address: z.string(), code: z.string().trim(), password: z.string() });

const submitLabel = { address: 'Send code', code: 'Verify code', password: 'Set new password' };

/** A code to the account's e-mail or phone, then a new password with the policy's live feedback. */
export function ForgotPasswordPage() {
  const { busy, error, run } = useAction();
  const [step, setStep] = useState<'address' | 'code' | 'password' | 'done'>('address');
  const sent = useSentCode();
  const form = useZodForm(reset, { address: useSplitLoginHint().address, code: '', password: '' });

  const submit = form.handleSubmit(({ address, code, password }) =>
    run(async () => {
      if (step === 'address') {
        await start('ForgotPassword');
        await sent.send(address);
        setStep('code');
      } else if (step === 'code') {
        await identify(await verifyCode(codeIdentifierOf(address), sent.verificationId!, code));
        setStep('password');
      } else {
        await unwrap(api.POST('/api/experience/profile', { body: { type: 'password', value: password } }));
        await unwrap(api.POST('/api/experience/submit'));
        setStep('done');
      }
    }),
  );

  const resend = () =>
    void run(async () => {
      await sent.send(form.getValues('address'));
      form.resetField('code');
      form.setFocus('code');
    });

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
          autoComplete="email"
          required
          autoFocus={step === 'address'}
          readOnly={step !== 'address'}
          {...form.register('address')}
        />
        {step === 'code' ? (
          <>
            <p className="status" role="status">
              If an account uses {form.getValues('address')}, a code is on its way to it.
            </p>
            <CodeField autoFocus {...form.register('code')} />
            <ResendCode sentAt={sent.sentAt} busy={busy} onResend={resend} />
          </>
        ) : null}
        {step === 'password' ? (
          <NewPasswordField
            label="New password"
            autoFocus
            password={form.watch('password')}
            field={form.register('password')}
            error={error}
          />
        ) : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel[step]}
        </button>
      </form>
      <nav className="links" aria-label="Other options">
        <Link to="/">Back to sign-in</Link>
      </nav>
    </Card>
  );
}
