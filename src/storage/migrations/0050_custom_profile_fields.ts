import { sql, type Kysely } from 'kysely';

/**
 * Logto's custom profile fields: what the registration's "Tell us about yourself" step asks for,
 * by name (unique), shown in `sie_order`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE custom_profile_fields (
      id text PRIMARY KEY,
      name text NOT NULL,
      type text NOT NULL,
      label text NOT NULL DEFAULT '',
      description text,
      required boolean NOT NULL DEFAULT false,
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      sie_order integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT custom_profile_fields_name_key UNIQUE (name)
    )
  `.execute(db);
}
