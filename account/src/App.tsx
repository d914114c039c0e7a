import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiContext, accountClient } from './api';
import { AccountPage } from './AccountPage';
import type { AccountConfig } from './auth/config';
import { useAccountSession } from './auth/useAccountSession';
import { StepUpProvider } from './ui/StepUp';

export function App({ config }: { config: AccountConfig | undefined }) {
  const { t } = useTranslation('account');
  if (!config) return <Notice title={t('unreachableTitle')} text={t('unreachableText')} />;
  if (!config.enabled) return <Notice title={t('notAvailableTitle')} text={t('notAvailableText')} />;
  return <SignedIn config={config} />;
}

function SignedIn({ config }: { config: AccountConfig }) {
  const { t } = useTranslation('account');
  const session = useAccountSession(config);
  const api = useMemo(() => accountClient(session.manager), [session.manager]);
  switch (session.state.kind) {
    case 'loading':
      return (
        <p className="loading" role="status">
          {t('loading')}
        </p>
      );
    case 'signed-out':
    case 'ended':
      return (
        <Notice
          title={session.state.kind === 'ended' ? t('endedTitle') : t('signedOutTitle')}
          text={t('signInAgain')}
        >
          <button type="button" className="primary" onClick={() => void session.signIn()}>
            {t('signIn')}
          </button>
        </Notice>
      );
    case 'signed-in':
      return (
        <ApiContext.Provider value={api}>
          <StepUpProvider>
            <AccountPage config={config} onSignOut={() => void session.signOut()} />
          </StepUpProvider>
        </ApiContext.Provider>
      );
  }
}

function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <main className="account-page">
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </main>
  );
}
