import type { Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';
import type { InteractionIdentifier } from '../storage/tables/experience.js';
import type { StoredPassword } from '../users/password-digest.js';
import { normalizeIdentifier } from '../users/normalize-identifier.js';

export interface SignInCandidate {
  id: string;
  password: StoredPassword | null;
  isSuspended: boolean;
}

/**
 * Usernames and e-mail addresses match case-insensitively, as their unique indexes do; phone
 * numbers by their digits, however they were typed or stored. The input is folded once, in
 * `normalizeIdentifier`, never by SQL.
 */
export async function findUserByIdentifier(
  db: Db,
  raw: InteractionIdentifier,
): Promise<SignInCandidate | undefined> {
  const identifier = normalizeIdentifier(raw);
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'password_algorithm', 'is_suspended'])
    .where((eb) => {
      const value = eb.val(identifier.value);
      switch (identifier.type) {
        case 'username':
          return eb(eb.fn('lower', ['username']), '=', value);
        case 'email':
          return eb(eb.fn('lower', ['primary_email']), '=', value);
        case 'phone':
          return eb(
            eb.fn('regexp_replace', ['primary_phone', eb.val('\\D'), eb.val(''), eb.val('g')]),
            '=',
            value,
          );
      }
    })
    .executeTakeFirst();
  return row && { id: row.id, password: storedPassword(row), isSuspended: row.is_suspended };
}

export async function findUserStatus(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'is_suspended']).where('id', '=', userId).executeTakeFirst();
}

export async function findApplication(db: Db, applicationId: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'type', 'name', 'description', 'is_third_party'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
}

export async function recordSignIn(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', userId).execute();
}

function storedPassword(row: {
  password_hash: string | null;
  password_algorithm: StoredPassword['algorithm'] | null;
}): StoredPassword | null {
  return row.password_hash && row.password_algorithm
    ? { hash: row.password_hash, algorithm: row.password_algorithm }
    : null;
}

export async function currentPassword(db: Db, userId: string): Promise<StoredPassword | null> {
  const row = await db
    .selectFrom('users')
    .select(['password_hash', 'password_algorithm'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? storedPassword(row) : null;
}

export async function findPrimaryEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('primary_email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.primary_email ?? undefined;
}

/** The e-mail address and phone number an account holds now. */
export async function findSignInIdentifiers(db: Db, userId: string): Promise<InteractionIdentifier[]> {
  const row = await db
    .selectFrom('users')
    .select(['primary_email', 'primary_phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return [
    ...(row?.primary_email ? [{ type: 'email' as const, value: row.primary_email }] : []),
    ...(row?.primary_phone ? [{ type: 'phone' as const, value: row.primary_phone }] : []),
  ];
}
