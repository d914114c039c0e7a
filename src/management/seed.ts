import { sql } from 'kysely';
import { ConfigError, type Config } from '../config.js';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { ACCOUNT_APPLICATION, CONSOLE_APPLICATION, seedPageApplication } from './page-apps.repository.js';

export const MANAGEMENT_RESOURCE_ID = 'management-api';
export const MANAGEMENT_SCOPE_ID = 'management-api-all';
export const MANAGEMENT_ROLE_ID = 'management-api-access';
/**
 * The one user role that holds the management API's `all` scope: console users are given it.
 * Operators cannot build another (management scopes stay off user roles, as in Logto).
 */
export const CONSOLE_ROLE_ID = 'management-api-console';
/**
 * Management tokens carry full administrative power, so they live ten minutes by default rather
 * than the hour of other APIs; operators change it as any resource's (`PATCH /api/resources/
 * management-api` with `accessTokenTtl`), and installations seeded earlier keep their value.
 */
export const MANAGEMENT_TOKEN_TTL_SECONDS = 600;

export interface SeedOptions {
  /**
   * Whether a different stored management API indicator is replaced by this instance's (what
   * `tessera migrate` does, to move a deployment to a new BASE_URL) or refused (`tessera start`).
   */
  adoptBaseUrl: boolean;
}

/**
 * The records every installation has: the management API resource with its `all` scope, the
 * machine-to-machine and console-user roles that hold it, the console's own application, and the
 * operator's bootstrap application when configured.
 * Idempotent, and serialised across instances by an advisory lock.
 */
export async function seedInstallation(db: Db, config: Config, options: SeedOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(7405212)`.execute(trx);
    const stored = await trx
      .selectFrom('resources')
      .select('indicator')
      .where('id', '=', MANAGEMENT_RESOURCE_ID)
      .executeTakeFirst();
    if (stored && stored.indicator !== config.managementApiIndicator) {
      if (!options.adoptBaseUrl) throw baseUrlMismatch(stored.indicator, config);
      console.warn(
        `tessera: management API indicator moved from ${stored.indicator} to ${config.managementApiIndicator}`,
      );
    }
    await trx
      .insertInto('resources')
      .values({
        id: MANAGEMENT_RESOURCE_ID,
        name: 'Tessera Management API',
        indicator: config.managementApiIndicator,
        access_token_ttl: MANAGEMENT_TOKEN_TTL_SECONDS,
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
      .insertInto('roles')
      .values({
        id: CONSOLE_ROLE_ID,
        name: 'Console administrator',
        description: 'Users who administer the service through the console',
        type: 'User',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('roles_scopes')
      .values([
        { role_id: MANAGEMENT_ROLE_ID, scope_id: MANAGEMENT_SCOPE_ID },
        { role_id: CONSOLE_ROLE_ID, scope_id: MANAGEMENT_SCOPE_ID },
      ])
      .onConflict((oc) => oc.columns(['role_id', 'scope_id']).doNothing())
      .execute();
    await seedPageApplication(trx, CONSOLE_APPLICATION, config.baseUrl);
    await seedPageApplication(trx, ACCOUNT_APPLICATION, config.baseUrl);

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

/**
 * Every instance on one database must share BASE_URL: tokens carry `{BASE_URL}/oidc` as issuer and
 * `{BASE_URL}/api` as the management API audience, and the database holds one such indicator.
 */
function baseUrlMismatch(storedIndicator: string, config: Config): ConfigError {
  return new ConfigError(
    `BASE_URL does not match this database: its management API indicator is ${storedIndicator}, ` +
      `this instance's is ${config.managementApiIndicator} (BASE_URL=${config.baseUrl}); ` +
      'instances on one database share BASE_URL — to move the deployment to a new one, stop every ' +
      "instance and run 'tessera migrate' with the new BASE_URL",
  );
}
