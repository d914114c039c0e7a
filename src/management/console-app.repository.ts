import type { Transaction } from 'kysely';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';

type Trx = Transaction<Database>;

/** The console's first-party single-page application (public client, code + PKCE). */
export const CONSOLE_CLIENT_ID = 'tessera-console';

export function consoleUris(baseUrl: string) {
  return {
    redirectUris: [`${baseUrl}/console/callback`],
    postLogoutRedirectUris: [`${baseUrl}/console`],
  };
}

/** The console application; idempotent, follows BASE_URL changes. */
export async function seedConsoleApplication(trx: Trx, baseUrl: string): Promise<void> {
  const metadata = json(consoleUris(baseUrl));
  await trx
    .insertInto('applications')
    .values({
      id: CONSOLE_CLIENT_ID,
      name: 'Tessera console',
      description: 'The admin console at /console (seeded)',
      type: 'SPA',
      secret: '',
      oidc_client_metadata: metadata,
      custom_client_metadata: json({}),
      custom_data: json({}),
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ oidc_client_metadata: metadata }))
    .execute();
}
