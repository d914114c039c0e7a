import type { Account } from 'oidc-provider';
import type { Db } from '../storage/database.js';

/** The account behind a token or session; a suspended or deleted user has none. */
export async function findAccount(db: Db, userId: string): Promise<Account | undefined> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'primary_email',
      'primary_phone',
      'name',
      'avatar',
      'is_suspended',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.is_suspended) return undefined;
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      username: user.username ?? undefined,
      name: user.name ?? undefined,
      picture: user.avatar ?? undefined,
      updated_at: Math.floor(user.updated_at.getTime() / 1000),
      email: user.primary_email ?? undefined,
      email_verified: user.primary_email ? true : undefined,
      phone_number: user.primary_phone ?? undefined,
      phone_number_verified: user.primary_phone ? true : undefined,
    }),
  };
}
