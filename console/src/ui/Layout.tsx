import type { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSession } from '../auth/SessionProvider';
import { displayName } from '../auth/session';
import { LanguageMenu } from './LanguageMenu';

// Each section's path and its name's key in the `chrome` catalog (`nav.<key>`).
const sections = [
  ['/applications', 'applications'],
  ['/users', 'users'],
  ['/roles', 'roles'],
  ['/resources', 'resources'],
  ['/organizations', 'organizations'],
  ['/connectors', 'connectors'],
  ['/enterprise-sso', 'enterpriseSso'],
  ['/webhooks', 'webhooks'],
  ['/custom-claims', 'customClaims'],
  ['/logs', 'logs'],
  ['/sign-in-experience', 'signInExperience'],
] as const;

export function Layout({ user, children }: { user: User; children: ReactNode }) {
  const { signOut } = useSession();
  const { t } = useTranslation('chrome');
  return (
    <div className="shell">
      <header className="top">
        <span className="brand">{t('brand')}</span>
        <span className="who">
          <LanguageMenu />
          <Trans
            t={t}
            i18nKey="signedInAs"
            values={{ name: displayName(user) }}
            components={{ strong: <strong /> }}
          />
          <button type="button" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </span>
      </header>
      <nav className="side" aria-label={t('sections')}>
        <ul>
          {sections.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to}>{t(`nav.${key}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">{children}</main>
    </div>
  );
}
