import type { Transaction } from 'kysely';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';

/** The account center's first-party single-page application (public client, code + PKCE). */
export const ACCOUNT_CLIENT_ID = 'tessera-account';

export function accountUris(baseUrl: string) {
  return {
    redirectUris: [`${baseUrl}/account/callback`],
    postLogoutRedirectUris: [`${baseUrl}/account`],
  };
}

/** The account center application; idempotent, follows BASE_URL changes. */
export async function seedAccountApplication(trx: Transaction<Database>, baseUrl: string): Promise<void> {
  const metadata = json(accountUris(baseUrl));
  await trx
    .insertInto('applications')
    .values({
      id: ACCOUNT_CLIENT_ID,
      name: 'Tessera account center',
      description: 'The end users’ account center at /account (seeded)',
      type: 'SPA',
      secret: '',
      oidc_client_metadata: metadata,
      custom_client_metadata: json({}),
      custom_data: json({}),
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ oidc_client_metadata: metadata }))
    .execute();
}
