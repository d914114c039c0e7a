import { sql, type Kysely } from 'kysely';

/**
 * Logto's organization role types: a `User` role is held by users, a `MachineToMachine` role by
 * machine-to-machine applications. Existing roles are user roles, as in Logto.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organization_roles ADD COLUMN type text NOT NULL DEFAULT 'User'
      CHECK (type IN ('User', 'MachineToMachine'));
  `.execute(db);
}
