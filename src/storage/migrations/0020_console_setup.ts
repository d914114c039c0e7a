import { sql, type Kysely } from 'kysely';

/**
 * First-run setup closes for good once the installation has been administered: a row here says
 * so (at most one, `id` is always true). Until now setup was open whenever no console
 * administrator existed, so deleting the administrators, or never creating one (an installation
 * run through the API alone), left it open to anyone. An installation that holds anything beyond
 * the seeds (a user, an application besides the console's, a resource besides the management
 * API, an organization, a webhook) has been administered, so it is closed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE console_setup (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      closed_by text NOT NULL,
      closed_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO console_setup (closed_by)
    SELECT 'migration'
    WHERE EXISTS (SELECT 1 FROM users)
       OR EXISTS (SELECT 1 FROM applications WHERE id <> 'tessera-console')
       OR EXISTS (SELECT 1 FROM resources WHERE id <> 'management-api')
       OR EXISTS (SELECT 1 FROM organizations)
       OR EXISTS (SELECT 1 FROM hooks);
  `.execute(db);
}
