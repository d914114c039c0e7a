import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AlertWordingProvider } from '@shared/ui/Alert';
import { ConsentPage } from './consent/ConsentPage';
import { ErrorPage } from './error/ErrorPage';
import { CallbackPage } from './federation/CallbackPage';
import { FirstScreen } from './first-screen/FirstScreen';
import { ForgotPasswordPage } from './forgot-password/ForgotPasswordPage';
import { MfaPage } from './mfa/MfaPage';
import { humanMessage, type Limits } from './messages';
import { meta } from './meta';
import { ProfileFieldsPage } from './register/ProfileFieldsPage';
import { RegisterPage } from './register/RegisterPage';
import { useInteraction } from './settings';
import { SignInPage } from './sign-in/SignInPage';
import { SignedOutPage, SignOutPage } from './sign-out/SignOutPage';
import { Card } from './ui/Card';

/** A page the provider rendered (error, sign-out), or the interaction's pages under /sign-in. */
export function App() {
  const page = meta('page');
  if (page === 'error') return <ErrorPage />;
  if (page === 'sign-out') return <SignOutPage />;
  if (page === 'signed-out') return <SignedOutPage />;
  return (
    <BrowserRouter basename="/sign-in">
      <InteractionPages />
    </BrowserRouter>
  );
}

function InteractionPages() {
  const interaction = useInteraction();
  const { t } = useTranslation('sign-in');
  if (interaction.isPending) return <Card title={t('title')}>{null}</Card>;
  if (interaction.error || !interaction.data) return <ErrorPage code="session_not_found" />;
  return (
    <EndUserWording limits={interaction.data.limits}>
      {interaction.data.prompt === 'consent' ? <ConsentPage /> : <SignInRoutes />}
    </EndUserWording>
  );
}

/** Every alert in the interaction's pages: in words for end users, with the limits in force. */
function EndUserWording({ limits, children }: { limits: Limits; children: ReactNode }) {
  const { t } = useTranslation();
  const wording = {
    describe: (error: unknown) => humanMessage(error, t, limits),
    persistent: true,
    className: 'alert',
  };
  return <AlertWordingProvider value={wording}>{children}</AlertWordingProvider>;
}

function SignInRoutes() {
  return (
    <Routes>
      <Route path="/" element={<FirstScreen />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/register/profile" element={<ProfileFieldsPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/mfa" element={<MfaPage />} />
      <Route path="/callback/sso/:connectorId" element={<CallbackPage kind="sso" />} />
      <Route path="/callback/:connectorId" element={<CallbackPage kind="social" />} />
      <Route path="*" element={<SignInPage />} />
    </Routes>
  );
}
