import LogtoClient, { type LogtoConfig } from '@logto/node';
import type { TestService } from './service.js';
import type { TestApplication } from './sign-in-fixtures.js';

/**
 * Logto's Node SDK for one application, its storage and navigation kept in memory as for one
 * signed-in browser; `navigations` lists the URLs the SDK sent the browser to.
 */
export function logtoSdk(
  t: TestService,
  app: TestApplication,
  config: Pick<LogtoConfig, 'scopes' | 'resources'>,
): { client: LogtoClient; navigations: string[] } {
  const storage = new Map<string, string>();
  const navigations: string[] = [];
  const client = new LogtoClient(
    { endpoint: t.baseUrl, appId: app.id, appSecret: app.secret, ...config },
    {
      storage: {
        getItem: async (key) => storage.get(key) ?? null,
        setItem: async (key, value) => void storage.set(key, value),
        removeItem: async (key) => void storage.delete(key),
      },
      navigate: (url) => void navigations.push(url),
    },
  );
  return { client, navigations };
}
