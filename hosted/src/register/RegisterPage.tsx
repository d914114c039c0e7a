import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { CodeField, Field } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { codeIdentifierOf, finish, identify, start, verifyCode } from '../experience';
import { SocialButtons } from '../federation/SocialButtons';
import { useRegistrationMethod, useSplitLoginHint } from '../first-screen/authorization-hints';
import { useSettings } from '../settings';
import { Card } from '../ui/Card';
import { NewPasswordField } from '../ui/NewPasswordField';
import { ResendCode } from '../ui/ResendCode';
import { useSentCode } from '../ui/useSentCode';

const registration = z.object({
  username: z.string().trim(),
  address: z.string(),
  code: z.string().trim(),
  password: z.string(),
});

/**
 * Registration with what the sign-in experience allows: a username and a password, or an e-mail
 * address / phone number proven by a code (with a password when the settings require one); or
 * a social account (a new identity registers at its callback).
 */
export function RegisterPage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const { t } = useTranslation('register');
  const { busy, error, run } = useAction();
  const identifiers = settings?.signUp.identifiers ?? [];
  const byCode = identifiers.filter((type) => type !== 'username');
  const hint = useSplitLoginHint();
  const [method, setMethod] = useState(useRegistrationMethod(identifiers));
  const form = useZodForm(registration, { ...hint, code: '', password: '' });
  const { verificationId: sent, sentAt, send: sendCodeTo } = useSentCode();
  const needsPassword = method === 'username' || Boolean(settings?.signUp.password);

  const submit = form.handleSubmit(({ username, address, code, password }) =>
    run(async () => {
      if (method === 'username') {
        await start('Register');
        await unwrap(api.POST('/api/experience/profile', { body: { type: 'username', value: username } }));
      } else if (!sent) {
        await start('Register');
        await sendCodeTo(address);
        return;
      } else {
        await identify(await verifyCode(codeIdentifierOf(address), sent, code));
      }
      if (needsPassword)
        await unwrap(api.POST('/api/experience/profile', { body: { type: 'password', value: password } }));
      if (settings?.customProfileFields.length) navigate('/register/profile');
      else await finish(navigate);
    }),
  );

  const resend = () =>
    void run(async () => {
      await sendCodeTo(form.getValues('address'));
      form.resetField('code');
      form.setFocus('code');
    });

  if (settings && identifiers.length === 0) {
    return (
      <Card title={t('title')}>
        <p>
          {t('closed')} <Link to="/">{t('common:action.signIn')}</Link>
        </p>
      </Card>
    );
  }
  const addressLabel = t(
    byCode.length === 2
      ? 'common:field.emailOrPhone'
      : byCode[0] === 'phone'
        ? 'common:field.phone'
        : 'common:field.email',
  );
  return (
    <Card title={t('title')}>
      {identifiers.includes('username') && byCode.length > 0 ? (
        <div className="switch" role="group" aria-label={t('registerWith')}>
          <button type="button" aria-pressed={method === 'username'} onClick={() => setMethod('username')}>
            {t('common:field.username')}
          </button>
          <button type="button" aria-pressed={method === 'code'} onClick={() => setMethod('code')}>
            {addressLabel}
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate>
        {method === 'username' ? (
          <Field
            label={t('common:field.username')}
            autoComplete="username"
            required
            autoFocus
            {...form.register('username')}
          />
        ) : (
          <Field
            label={addressLabel}
            autoComplete="email"
            required
            autoFocus
            readOnly={Boolean(sent)}
            {...form.register('address')}
          />
        )}
        {method === 'code' && sent ? (
          <>
            <CodeField label={t('common:field.code')} autoFocus {...form.register('code')} />
            <ResendCode sentAt={sentAt} busy={busy} onResend={resend} />
          </>
        ) : null}
        {needsPassword && (method === 'username' || sent) ? (
          <NewPasswordField
            label={t('common:field.password')}
            password={form.watch('password')}
            field={form.register('password')}
            error={error}
          />
        ) : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {method === 'code' && !sent ? t('common:action.sendCode') : t('submit')}
        </button>
      </form>
      <SocialButtons />
      <nav className="links" aria-label={t('common:otherOptions')}>
        <Link to="/">{t('haveAccount')}</Link>
      </nav>
    </Card>
  );
}
