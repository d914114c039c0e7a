import type { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useSession } from '../auth/SessionProvider';
import { displayName } from '../auth/session';

const sections = [
  ['/applications', 'Applications'],
  ['/users', 'Users'],
  ['/roles', 'Roles'],
  ['/resources', 'API resources'],
  ['/organizations', 'Organizations'],
  ['/connectors', 'Connectors'],
  ['/enterprise-sso', 'Enterprise SSO'],
  ['/webhooks', 'Webhooks'],
  ['/custom-claims', 'Custom JWT claims'],
  ['/logs', 'Audit logs'],
  ['/sign-in-experience', 'Sign-in experience'],
] as const;

export function Layout({ user, children }: { user: User; children: ReactNode }) {
  const { signOut } = useSession();
  return (
    <div className="shell">
      <header className="top">
        <span className="brand">Tessera console</span>
        <span className="who">
          Signed in as <strong>{displayName(user)}</strong>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </span>
      </header>
      <nav className="side" aria-label="Console sections">
        <ul>
          {sections.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">{children}</main>
    </div>
  );
}
