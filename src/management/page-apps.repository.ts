import type { Transaction } from 'kysely';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';

/** A first-party single-page application the service serves itself (public client, code + PKCE). */
export interface PageApplication {
  id: string;
  name: string;
  description: string;
  /** Where its page lives, e.g. `/console`. */
  path: string;
}

export const CONSOLE_APPLICATION: PageApplication = {
  id: 'tessera-console',
  name: 'Tessera console',
  description: 'The admin console at /console (seeded)',
  path: '/console',
};

export const ACCOUNT_APPLICATION: PageApplication = {
  id: 'tessera-account',
  name: 'Tessera account center',
  description: 'The end users’ account center at /account (seeded)',
  path: '/account',
};

export const CONSOLE_CLIENT_ID = CONSOLE_APPLICATION.id;
export const ACCOUNT_CLIENT_ID = ACCOUNT_APPLICATION.id;

export function pageUris(baseUrl: string, application: PageApplication) {
  return {
    redirectUris: [`${baseUrl}${application.path}/callback`],
    postLogoutRedirectUris: [`${baseUrl}${application.path}`],
  };
}

/** Idempotent; follows BASE_URL changes. */
export async function seedPageApplication(
  trx: Transaction<Database>,
  application: PageApplication,
  baseUrl: string,
): Promise<void> {
  const metadata = json(pageUris(baseUrl, application));
  await trx
    .insertInto('applications')
    .values({
      id: application.id,
      name: application.name,
      description: application.description,
      type: 'SPA',
      secret: '',
      oidc_client_metadata: metadata,
      custom_client_metadata: json({}),
      custom_data: json({}),
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ oidc_client_metadata: metadata }))
    .execute();
}
