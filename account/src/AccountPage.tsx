import { unwrap } from '@shared/api/client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from './api';
import { shown, type AccountConfig } from './auth/config';
import { EmailPhoneSection } from './email-phone/EmailPhoneSection';
import { IdentitiesSection } from './identities/IdentitiesSection';
import { MfaSection } from './mfa/MfaSection';
import { PasswordSection } from './password/PasswordSection';
import { ProfileSection } from './profile/ProfileSection';
import { SessionsSection } from './sessions/SessionsSection';
import { ErrorText } from './ui/ErrorText';

/** The signed-in user's account: the sections the operator shows, in the order people look for them. */
export function AccountPage({ config, onSignOut }: { config: AccountConfig; onSignOut: () => void }) {
  const { fields } = config;
  const { t } = useTranslation('account');
  const api = useApi();
  const me = useQuery({ queryKey: ['me'], queryFn: () => unwrap(api.GET('/api/my-account')) });
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  return (
    <main className="account-page">
      <header className="account-header">
        <h1>{t('title')}</h1>
        <button type="button" onClick={onSignOut}>
          {t('signOut')}
        </button>
      </header>
      <ErrorText error={me.error} />
      {me.data ? (
        <>
          <ProfileSection me={me.data} fields={fields} />
          {shown(fields.email) ? (
            <EmailPhoneSection kind="email" me={me.data} control={fields.email} />
          ) : null}
          {shown(fields.phone) ? (
            <EmailPhoneSection kind="phone" me={me.data} control={fields.phone} />
          ) : null}
          {fields.password === 'Edit' ? <PasswordSection /> : null}
          {shown(fields.mfa) && config.mfaFactors.length > 0 ? (
            <MfaSection control={fields.mfa} factors={config.mfaFactors} />
          ) : null}
          {shown(fields.social) ? (
            <IdentitiesSection me={me.data} control={fields.social} connectors={config.socialConnectors} />
          ) : null}
          <SessionsSection />
        </>
      ) : null}
    </main>
  );
}
