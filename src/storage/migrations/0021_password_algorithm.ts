import { sql, type Kysely } from 'kysely';

/**
 * A password is stored with the algorithm it is checked with (Logto's `passwordEncryptionMethod`):
 * digests imported from another system keep theirs until the user's first sign-in turns them into
 * argon2id. Every hash stored before is argon2id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN password_algorithm text;
    UPDATE users SET password_algorithm = 'Argon2id' WHERE password_hash IS NOT NULL;
    ALTER TABLE users ADD CONSTRAINT users_password_algorithm CHECK (
      (password_hash IS NULL) = (password_algorithm IS NULL)
      AND password_algorithm IN ('Argon2i', 'Argon2id', 'Argon2d', 'Bcrypt', 'SHA1', 'SHA256', 'MD5', 'Legacy')
    );
  `.execute(db);
}
