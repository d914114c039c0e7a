import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Alert } from '@shared/ui/Alert';
import { CodeField, Field } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { useZodForm } from '@shared/ui/useZodForm';
import { codeIdentifierOf, finish, identify, start, verifyCode } from '../experience';
import { SsoNotice } from '../federation/SsoNotice';
import { startFederated } from '../federation/federation';
import { useSsoMatch } from '../federation/useSsoMatch';
import { useLoginHint } from '../first-screen/authorization-hints';
import { ResendCode } from '../ui/ResendCode';
import { useSentCode } from '../ui/useSentCode';

const codeSignIn = z.object({ address: z.string(), code: z.string().trim() });

/** Sign in with a one-time code sent to an e-mail address or phone (an SSO domain: single sign-on). */
export function CodeForm() {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const { busy, error, run } = useAction();
  const form = useZodForm(codeSignIn, { address: useLoginHint(), code: '' });
  const address = form.watch('address');
  const sent = useSentCode();
  const sso = useSsoMatch(address);
  const send = form.handleSubmit(() =>
    run(async () => {
      if (sso) return startFederated('sso', sso.id);
      await start('SignIn');
      await sent.send(address);
    }),
  );
  const resend = () =>
    void run(async () => {
      await sent.send(address);
      form.resetField('code');
      form.setFocus('code');
    });
  const verify = form.handleSubmit(({ code }) =>
    run(async () => {
      const verificationId = await verifyCode(codeIdentifierOf(address), sent.verificationId!, code);
      await identify(verificationId);
      await finish(navigate);
    }),
  );
  if (!sent.verificationId) {
    return (
      <form onSubmit={send} noValidate>
        <Field
          label={t('field.emailOrPhone')}
          autoComplete="email"
          required
          autoFocus
          {...form.register('address')}
        />
        {sso ? <SsoNotice connector={sso} /> : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {sso ? t('action.continueSso') : t('action.sendCode')}
        </button>
      </form>
    );
  }
  return (
    <form onSubmit={verify} noValidate>
      <p className="status" role="status">
        {t('codeSent', { address })}
      </p>
      <CodeField label={t('field.code')} autoFocus {...form.register('code')} />
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {t('action.signIn')}
      </button>
      <ResendCode sentAt={sent.sentAt} busy={busy} onResend={resend} />
    </form>
  );
}
