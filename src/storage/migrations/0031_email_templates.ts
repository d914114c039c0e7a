import { sql, type Kysely } from 'kysely';

/**
 * Logto's e-mail templates: one per language and usage, chosen at send time by the user's
 * language before the connector's own templates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_templates (
      id text PRIMARY KEY,
      language_tag text NOT NULL,
      template_type text NOT NULL,
      details jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (language_tag, template_type)
    );
  `.execute(db);
}
