import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { localName, startFederated, type FederatedKind } from '../federation/federation';
import { MagicLink } from '../magic-link/MagicLink';
import { useInteraction, useSettingsQuery, type Settings } from '../settings';
import { SignInPage } from '../sign-in/SignInPage';
import { Card } from '../ui/Card';
import { firstScreenShown, markFirstScreenShown, useAuthorizationHints } from './authorization-hints';

type Hints = ReturnType<typeof useAuthorizationHints>;
interface Direct {
  kind: FederatedKind;
  id: string;
  name: string;
}

/** `direct_sign_in`'s connector among those the sign-in experience offers: a social one by target or id. */
function directConnector(
  settings: Settings,
  hint: NonNullable<Hints['directSignIn']>,
  language: string,
): Direct | undefined {
  if (hint.method === 'sso') {
    const sso = settings.ssoConnectors.find((connector) => connector.id === hint.target);
    return sso ? { kind: 'sso', id: sso.id, name: sso.connectorName } : undefined;
  }
  const social = settings.socialConnectors.find(
    (connector) => connector.target === hint.target || connector.id === hint.target,
  );
  return social
    ? { kind: 'social', id: social.id, name: localName(social.name, social.target, language) }
    : undefined;
}

const screenPaths: Partial<Record<NonNullable<Hints['firstScreen']>, string>> = {
  register: '/register',
  'identifier:register': '/register',
  reset_password: '/forgot-password',
};

/**
 * The sign-in page's address, as the application's request asked to open it: a magic link that
 * signs in by itself (`one_time_token`), straight to a connector's provider (`direct_sign_in`; one
 * the experience does not offer, or a failure, falls back to the pages), or on another first
 * screen (`first_screen`). Once per interaction.
 */
export function FirstScreen() {
  const uid = useInteraction().data?.uid ?? '';
  const hints = useAuthorizationHints();
  const { i18n } = useTranslation();
  const [pending] = useState(() => !firstScreenShown(uid));
  const settings = useSettingsQuery();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => markFirstScreenShown(uid), [uid]);

  const direct =
    pending && hints.directSignIn && settings.data
      ? directConnector(settings.data, hints.directSignIn, i18n.language)
      : undefined;
  useEffect(() => {
    if (!direct || started.current) return;
    started.current = true;
    startFederated(direct.kind, direct.id).catch(() => setFailed(true));
  }, [direct]);

  if (!pending) return <SignInPage />;
  if (hints.oneTimeToken) return <MagicLink token={hints.oneTimeToken} email={hints.loginHint ?? ''} />;
  if (hints.directSignIn && settings.isPending) return <Redirecting />;
  if (direct && !failed) return <Redirecting provider={direct.name} />;
  const path = hints.firstScreen && screenPaths[hints.firstScreen];
  return path ? <Navigate to={path} replace /> : <SignInPage />;
}

function Redirecting({ provider }: { provider?: string }) {
  const { t } = useTranslation('first-screen');
  return (
    <Card title={t('title')}>
      <p role="status">{provider ? t('leavingFor', { provider }) : t('preparing')}</p>
    </Card>
  );
}
