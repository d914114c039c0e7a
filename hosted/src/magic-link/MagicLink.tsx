import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiCallError } from '@shared/api/client';
import { finish, identify, start, switchEvent, verifyOneTimeToken } from '../experience';
import { humanMessage } from '../messages';
import { Card } from '../ui/Card';

// Why a link failed, by the service's code: each has its sentence in the `magic-link` catalog.
const reasons: Record<string, string> = {
  'one_time_token.token_expired': 'expired',
  'one_time_token.token_consumed': 'consumed',
  'one_time_token.token_revoked': 'revoked',
  'one_time_token.token_not_found': 'invalid',
  'one_time_token.email_mismatch': 'mismatch',
};

type Stage = { step: 'working' } | { step: 'failed'; code: string; message: string };

/** Logto's magic link: sign in with the token, or register its address when no account has it. */
async function signInWithToken(email: string, token: string, navigate: ReturnType<typeof useNavigate>) {
  await start('SignIn');
  const verificationId = await verifyOneTimeToken(email, token);
  try {
    await identify(verificationId);
  } catch (error) {
    if (!(error instanceof ApiCallError) || error.code !== 'user.user_not_exist') throw error;
    await switchEvent('Register');
    await identify(verificationId);
  }
  await finish(navigate);
}

/**
 * The application's authorization request carried a magic link (`one_time_token` with the address
 * as `login_hint`): the page signs in by itself, or says in words why the link cannot be used and
 * offers the usual sign-in.
 */
export function MagicLink({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('magic-link');
  const [stage, setStage] = useState<Stage>({ step: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!email.includes('@'))
      return setStage({ step: 'failed', code: 'login_hint', message: t('reason.incomplete') });
    signInWithToken(email.trim(), token, navigate).catch((error: unknown) => {
      const code = error instanceof ApiCallError ? (error.code ?? 'request_failed') : 'network';
      const reason = reasons[code];
      setStage({ step: 'failed', code, message: reason ? t(`reason.${reason}`) : humanMessage(error, t) });
    });
  }, [email, token, navigate, t]);

  if (stage.step === 'working')
    return (
      <Card title={t('title')}>
        <p role="status">{t('working')}</p>
      </Card>
    );
  return (
    <Card title={t('failed')}>
      <p role="alert">{stage.message}</p>
      <p>
        {/* A fresh load: this interaction's first screen was shown, so the sign-in page itself opens. */}
        <a href="/sign-in">{t('signInAnotherWay')}</a>
      </p>
      <details>
        <summary>{t('details')}</summary>
        <p>
          <code>{stage.code}</code>
        </p>
      </details>
    </Card>
  );
}
