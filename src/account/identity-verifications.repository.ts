import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';

/**
 * A verification record of the user, living `lifetimeSeconds` by the database's clock: a password
 * proof of identity, or (with its `payload`) a social verification waiting for the provider.
 */
export async function insertIdentityVerification(
  db: Db,
  record: {
    id: string;
    userId: string;
    lifetimeSeconds: number;
    method?: 'Password' | 'Social';
    payload?: Record<string, unknown>;
  },
): Promise<Date> {
  const row = await db
    .insertInto('identity_verifications')
    .values({
      id: record.id,
      user_id: record.userId,
      method: record.method ?? 'Password',
      ...(record.payload && { payload: json(record.payload) }),
      expires_at: sql<Date>`now() + make_interval(secs => ${record.lifetimeSeconds}::int)`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/**
 * Whether `id` proves the user's identity now: a live password verification of this user, or a
 * code of the Account API verified within `freshSeconds` for an address the user holds now.
 */
export async function isFreshIdentityProof(
  db: Db,
  id: string,
  userId: string,
  freshSeconds: number,
): Promise<boolean> {
  const password = await db
    .selectFrom('identity_verifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    // A social record shows the caller holds an upstream account, not that they are the user.
    .where('method', '=', 'Password')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (password) return true;
  const code = await db
    .selectFrom('verification_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select('c.id')
    .where('c.id', '=', id)
    .where('c.user_id', '=', userId)
    .where('c.purpose', '=', 'Account')
    .where('c.verified_at', '>', sql<Date>`now() - make_interval(secs => ${freshSeconds}::int)`)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('c.identifier_type', '=', 'email'),
          eb(eb.fn('lower', ['u.primary_email']), '=', eb.ref('c.identifier_value')),
        ]),
        eb.and([
          eb('c.identifier_type', '=', 'phone'),
          eb(sql`regexp_replace(u.primary_phone, '\\D', '', 'g')`, '=', eb.ref('c.identifier_value')),
        ]),
      ]),
    )
    .executeTakeFirst();
  return code !== undefined;
}

export async function deleteExpiredIdentityVerifications(db: Db): Promise<void> {
  await db
    .deleteFrom('identity_verifications')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}
