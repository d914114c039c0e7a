import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';

/** The console's first-party single-page application (public client, code + PKCE). */
export const CONSOLE_CLIENT_ID = 'tessera-console';
/** The user role that holds the management API's `all` scope: who may use the console. */
export const ADMIN_ROLE_ID = 'tessera-administrator';

type Trx = Transaction<Database>;

export function consoleUris(baseUrl: string) {
  return {
    redirectUris: [`${baseUrl}/console/callback`],
    postLogoutRedirectUris: [`${baseUrl}/console`],
  };
}

/** The console application and the administrator role; idempotent, follows BASE_URL changes. */
export async function seedConsoleRecords(
  trx: Trx,
  baseUrl: string,
  managementScopeId: string,
): Promise<void> {
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
  await trx
    .insertInto('roles')
    .values({
      id: ADMIN_ROLE_ID,
      name: 'Tessera administrator',
      description: 'Signs in to the console; holds the management API `all` scope',
      type: 'User',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx
    .insertInto('roles_scopes')
    .values({ role_id: ADMIN_ROLE_ID, scope_id: managementScopeId })
    .onConflict((oc) => oc.columns(['role_id', 'scope_id']).doNothing())
    .execute();
}

export async function administratorExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users_roles')
    .select('user_id')
    .where('role_id', '=', ADMIN_ROLE_ID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Serialises first-run setups across requests and instances for the rest of the transaction. */
export async function lockSetup(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7405213)`.execute(trx);
}

export async function grantAdministrator(trx: Trx, userId: string): Promise<void> {
  await trx.insertInto('users_roles').values({ user_id: userId, role_id: ADMIN_ROLE_ID }).execute();
}
