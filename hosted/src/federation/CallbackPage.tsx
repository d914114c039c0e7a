import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiCallError } from '@shared/api/client';
import { ErrorPage } from '../error/ErrorPage';
import { finish, identify, switchEvent } from '../experience';
import { humanMessage } from '../messages';
import { Card } from '../ui/Card';
import { LinkAccount } from './LinkAccount';
import { takePending, verifyCallback, type FederatedKind } from './federation';

type Stage =
  | { step: 'working' }
  | { step: 'link'; verificationId: string; account: string }
  | { step: 'failed'; code: string; message?: string };

/** Signs in with the identity, registers it when it is new, or asks to link a related account. */
async function signInWith(verificationId: string, navigate: ReturnType<typeof useNavigate>) {
  try {
    await identify(verificationId);
  } catch (error) {
    if (!(error instanceof ApiCallError) || error.code !== 'user.identity_not_exist') throw error;
    const related = (error.data as { relatedUser?: { value?: string } } | undefined)?.relatedUser;
    if (related?.value) return related.value;
    await switchEvent('Register');
    await identify(verificationId);
  }
  await finish(navigate);
  return undefined;
}

/**
 * Where the provider sends the browser back (`/sign-in/callback/:connectorId`, SSO under
 * `/callback/sso/`): the answer is checked against what this tab sent, verified, and the flow
 * goes on. Problems end on the error page in words.
 */
export function CallbackPage({ kind }: { kind: FederatedKind }) {
  const { connectorId = '' } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation('federation');
  const [stage, setStage] = useState<Stage>({ step: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = Object.fromEntries(new URLSearchParams(window.location.search));
    const pending = takePending(kind, connectorId);
    if (!pending) return setStage({ step: 'failed', code: 'session_not_found' });
    if (query.error) return setStage({ step: 'failed', code: 'provider_refused' });
    if (query.state !== pending.state) return setStage({ step: 'failed', code: 'state_mismatch' });
    void (async () => {
      try {
        const verificationId = await verifyCallback(pending, query);
        const account = await signInWith(verificationId, navigate);
        if (account) setStage({ step: 'link', verificationId, account });
      } catch (error) {
        const code = error instanceof ApiCallError ? (error.code ?? 'request_failed') : 'network';
        setStage({ step: 'failed', code, message: humanMessage(error, t) });
      }
    })();
  }, [kind, connectorId, navigate, t]);

  if (stage.step === 'failed') return <ErrorPage code={stage.code} message={stage.message} retry />;
  if (stage.step === 'link')
    return <LinkAccount verificationId={stage.verificationId} account={stage.account} />;
  return (
    <Card title={t('working.title')}>
      <p role="status">{t('working.text')}</p>
    </Card>
  );
}
