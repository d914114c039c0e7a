import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SessionProvider, useSession } from './auth/SessionProvider';
import { SetupPage } from './auth/SetupPage';
import { SignedOutPage } from './auth/SignedOutPage';
import { SignedInConsole } from './SignedInConsole';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Gate />
      </SessionProvider>
    </QueryClientProvider>
  );
}

function Gate() {
  const { state } = useSession();
  const { t } = useTranslation('chrome');
  switch (state.kind) {
    case 'loading':
      return (
        <p className="loading" role="status">
          {t('loading')}
        </p>
      );
    case 'setup':
      return <SetupPage />;
    case 'signed-out':
      return <SignedOutPage reason={state.reason} />;
    case 'ended':
      return <SignedOutPage reason="ended" />;
    case 'signed-in':
      return <SignedInConsole user={state.user} />;
  }
}
