import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A code to the account's e-mail or phone, then a new password with the policy's live feedback. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('forgot-password');
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
      <Card title={t('doneTitle')}>
        <p role="status">{t('doneText')}</p>
        <Link className="button primary" to="/">
          {t('common:action.signIn')}
        </Link>
      </Card>
    );
  }
  return (
    <Card title={t('title')}>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('common:field.emailOrPhone')}
          autoComplete="email"
          required
          autoFocus={step === 'address'}
          readOnly={step !== 'address'}
          {...form.register('address')}
        />
        {step === 'code' ? (
          <>
            <p className="status" role="status">
              {t('common:codeSent', { address: form.getValues('address') })}
            </p>
            <CodeField label={t('common:field.code')} autoFocus {...form.register('code')} />
            <ResendCode sentAt={sent.sentAt} busy={busy} onResend={resend} />
          </>
        ) : null}
        {step === 'password' ? (
          <NewPasswordField
            label={t('newPassword')}
            autoFocus
            password={form.watch('password')}
            field={form.register('password')}
            error={error}
          />
        ) : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {step === 'address'
            ? t('common:action.sendCode')
            : step === 'code'
              ? t('verifyCode')
              : t('setPassword')}
        </button>
      </form>
      <nav className="links" aria-label={t('common:otherOptions')}>
        <Link to="/">{t('back')}</Link>
      </nav>
    </Card>
  );
}
