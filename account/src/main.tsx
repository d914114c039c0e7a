import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@shared/ui/base.css';
import './account.css';
import { App } from './App';
import { loadConfig } from './auth/config';
import { startAccountI18n } from './i18n';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

void loadConfig()
  .catch(() => undefined)
  .then(async (config) => {
    await startAccountI18n(config?.languageInfo);
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App config={config} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
