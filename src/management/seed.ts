import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { seedConsoleRecords } from '../console/console.repository.js';

export const MANAGEMENT_RESOURCE_ID = 'management-api';
export const MANAGEMENT_SCOPE_ID = 'management-api-all';
export const MANAGEMENT_ROLE_ID = 'management-api-access';

/**
 * The records every installation has: the management API resource with its `all` scope, the
 * machine-to-machine role that holds it, the console's application and administrator role, and the
 * operator's bootstrap application when configured.
 * Idempotent, and serialised across instances by an advisory lock.
 */
export async function seedInstallation(db: Db, config: Config): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(7405212)`.execute(trx);
    await trx
      .insertInto('resources')
      .values({
        id: MANAGEMENT_RESOURCE_ID,
        name: 'Tessera Management API',
        indicator: config.managementApiIndicator,
        access_token_ttl: 3600,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ indicator: config.managementApiIndicator }))
      .execute();
    await trx
      .insertInto('scopes')
      .values({
        id: MANAGEMENT_SCOPE_ID,
        resource_id: MANAGEMENT_RESOURCE_ID,
        name: 'all',
        description: 'Full access to the management API',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('roles')
      .values({
        id: MANAGEMENT_ROLE_ID,
        name: 'Management API access',
        description: 'Machine-to-machine access to the whole management API',
        type: 'MachineToMachine',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('roles_scopes')
      .values({ role_id: MANAGEMENT_ROLE_ID, scope_id: MANAGEMENT_SCOPE_ID })
      .onConflict((oc) => oc.columns(['role_id', 'scope_id']).doNothing())
      .execute();
    await seedConsoleRecords(trx, config.baseUrl, MANAGEMENT_SCOPE_ID);

    const bootstrap = config.bootstrapClient;
    if (!bootstrap) return;
    await trx
      .insertInto('applications')
      .values({
        id: bootstrap.id,
        name: 'Bootstrap client',
        description: 'Created from TESSERA_BOOTSTRAP_CLIENT_ID',
        type: 'MachineToMachine',
        secret: bootstrap.secret,
        oidc_client_metadata: json({ redirectUris: [], postLogoutRedirectUris: [] }),
        custom_client_metadata: json({}),
        custom_data: json({}),
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ secret: bootstrap.secret, type: 'MachineToMachine' }))
      .execute();
    await trx
      .insertInto('applications_roles')
      .values({ application_id: bootstrap.id, role_id: MANAGEMENT_ROLE_ID })
      .onConflict((oc) => oc.columns(['application_id', 'role_id']).doNothing())
      .execute();
  });
}
