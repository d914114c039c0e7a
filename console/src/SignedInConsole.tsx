import { useQueryClient } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ApiCallError, createApiClient } from '@shared/api/client';
import { ApplicationPage } from './applications/ApplicationPage';
import { ApplicationsPage } from './applications/ApplicationsPage';
import { useSession } from './auth/SessionProvider';
import { ConnectorPage } from './connectors/ConnectorPage';
import { ConnectorsPage } from './connectors/ConnectorsPage';
import { NewConnectorPage } from './connectors/NewConnectorPage';
import { CustomClaimsPage } from './custom-claims/CustomClaimsPage';
import { SsoConnectorPage } from './enterprise-sso/SsoConnectorPage';
import { SsoConnectorsPage } from './enterprise-sso/SsoConnectorsPage';
import { LogPage } from './logs/LogPage';
import { LogsPage } from './logs/LogsPage';
import { OrganizationsPage } from './organizations/OrganizationsPage';
import { OrganizationPage } from './organizations/OrganizationPage';
import { ResourcesPage } from './resources/ResourcesPage';
import { ResourcePage } from './resources/ResourcePage';
import { RolesPage } from './roles/RolesPage';
import { RolePage } from './roles/RolePage';
import { SignInExperiencePage } from './sign-in-experience/SignInExperiencePage';
import { ApiContext } from './ui/api';
import { Layout } from './ui/Layout';
import { UserPage } from './users/UserPage';
import { UsersPage } from './users/UsersPage';
import { WebhookPage } from './webhooks/WebhookPage';
import { WebhooksPage } from './webhooks/WebhooksPage';

/** The console once signed in: the API client with the user's token, and the pages. */
export function SignedInConsole({ user }: { user: User }) {
  const { manager, ended } = useSession();
  const { t } = useTranslation('chrome');
  const queryClient = useQueryClient();
  const api = useMemo(
    () => createApiClient(async () => (await manager?.getUser())?.access_token ?? user.access_token),
    [manager, user],
  );

  // A 401 from any call means the token is no longer accepted: the session has ended.
  useEffect(() => {
    const isUnauthorised = (error: unknown) => error instanceof ApiCallError && error.status === 401;
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isUnauthorised(event.query.state.error)) ended();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isUnauthorised(event.mutation.state.error)) ended();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, ended]);

  return (
    <ApiContext.Provider value={api}>
      <BrowserRouter basename="/console">
        <Layout user={user}>
          <Routes>
            <Route path="/" element={<Navigate to="/applications" replace />} />
            <Route path="/callback" element={<Navigate to="/applications" replace />} />
            <Route path="/applications" element={<ApplicationsPage />} />
            <Route path="/applications/:id" element={<ApplicationPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route path="/users/:id" element={<UserPage />} />
            <Route path="/roles" element={<RolesPage />} />
            <Route path="/roles/:id" element={<RolePage />} />
            <Route path="/resources" element={<ResourcesPage />} />
            <Route path="/resources/:id" element={<ResourcePage />} />
            <Route path="/organizations" element={<OrganizationsPage />} />
            <Route path="/organizations/:id" element={<OrganizationPage />} />
            <Route path="/connectors" element={<ConnectorsPage />} />
            <Route path="/connectors/new/:factoryId" element={<NewConnectorPage />} />
            <Route path="/connectors/:id" element={<ConnectorPage />} />
            <Route path="/enterprise-sso" element={<SsoConnectorsPage />} />
            <Route path="/enterprise-sso/:id" element={<SsoConnectorPage />} />
            <Route path="/webhooks" element={<WebhooksPage />} />
            <Route path="/webhooks/:id" element={<WebhookPage />} />
            <Route path="/custom-claims" element={<CustomClaimsPage />} />
            <Route path="/logs" element={<LogsPage />} />
            <Route path="/logs/:id" element={<LogPage />} />
            <Route path="/sign-in-experience" element={<SignInExperiencePage />} />
            <Route path="*" element={<p>{t('notFound')}</p>} />
          </Routes>
        </Layout>
      </BrowserRouter>
    </ApiContext.Provider>
  );
}
