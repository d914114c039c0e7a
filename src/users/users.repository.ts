import { sql, type Insertable, type SelectQueryBuilder, type Transaction, type Updateable } from 'kysely';
import type { Search } from '../http/search-query.js';
import type { Db } from '../storage/database.js';
import { pageWithTotal, type PageBounds } from '../storage/paging.js';
import { runSearch, searchCondition } from '../storage/search.repository.js';
import type { Database } from '../storage/schema.js';
import type { UsersTable } from '../storage/tables/core.js';
import { foldIdentifierText } from './fold-identifier.js';

// Every column but the password hash and its algorithm, which leave this module only through
// `findPasswordDigest` (Logto's `includePasswordHash`); otherwise only whether one is set.
const columns = [
  'id',
  'username',
  'primary_email',
  'primary_phone',
  'name',
  'avatar',
  'profile',
  'custom_data',
  'identities',
  'application_id',
  'is_suspended',
  'last_sign_in_at',
  'mfa_skipped_at',
  'created_at',
  'updated_at',
] as const;

function withColumns<Q extends SelectQueryBuilder<Database, 'users', object>>(query: Q) {
  return query.select(columns).select((eb) => eb('password_hash', 'is not', null).as('has_password'));
}

function selectUsers(db: Db) {
  return withColumns(db.selectFrom('users'));
}

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirst']>>>;

/** The stored digest and its algorithm, for an administrator who asks (`includePasswordHash`). */
export function findPasswordDigest(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['password_hash', 'password_algorithm'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The enterprise SSO identities linked to a user, oldest first. */
export function listSsoIdentities(db: Db, userId: string) {
  return db
    .selectFrom('user_sso_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return selectUsers(db).where('id', '=', id).executeTakeFirst();
}

export function lockUser(trx: Transaction<Database>, id: string): Promise<UserRow | undefined> {
  return selectUsers(trx).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** User search as Logto's: these fields, `search` looking in all of them. */
export const userSearchColumns = {
  id: 'users.id',
  primaryEmail: 'users.primary_email',
  primaryPhone: 'users.primary_phone',
  username: 'users.username',
  name: 'users.name',
};

export interface UserFilter {
  search: Search;
  /** Only holders of this role. */
  roleId?: string;
  /** Leave out holders of this role / members of this organization. */
  excludeRoleId?: string;
  excludeOrganizationId?: string;
}

function matching(db: Db, filter: UserFilter) {
  let query = db.selectFrom('users');
  const condition = searchCondition(filter.search, userSearchColumns);
  if (condition) query = query.where(condition);
  const { roleId, excludeRoleId, excludeOrganizationId } = filter;
  const holders = (id: string) => db.selectFrom('users_roles').select('user_id').where('role_id', '=', id);
  if (roleId !== undefined) query = query.where('users.id', 'in', holders(roleId));
  if (excludeRoleId !== undefined) query = query.where('users.id', 'not in', holders(excludeRoleId));
  if (excludeOrganizationId !== undefined) {
    const members = db
      .selectFrom('organization_users')
      .select('user_id')
      .where('organization_id', '=', excludeOrganizationId);
    query = query.where('users.id', 'not in', members);
  }
  return query;
}

/** Newest first, with the total of the filter; `page` undefined reads every row. */
export function listUsers(db: Db, filter: UserFilter, page: PageBounds) {
  return runSearch(() =>
    pageWithTotal(
      matching(db, filter),
      (q) => withColumns(q).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
    ),
  );
}

/**
 * The new row comes back from the INSERT itself, as `findUser` reads it. The default user roles are
 * given in the same statement (their foreign key is checked at its end): a round trip costs
 * ≈ 170 µs of PostgreSQL CPU and more of ours, far above what these statements execute.
 */
export function insertUserWithDefaultRoles(
  db: Db,
  values: Insertable<UsersTable> & { id: string },
): Promise<UserRow> {
  return db
    .with('default_roles', (db) =>
      db
        .insertInto('users_roles')
        .columns(['user_id', 'role_id'])
        .expression(
          db
            .selectFrom('roles')
            .select([sql.val(values.id).as('user_id'), 'id'])
            .where('is_default', '=', true)
            .where('type', '=', 'User'),
        ),
    )
    .insertInto('users')
    .values(values)
    .returning(columns)
    .returning((eb) => eb('password_hash', 'is not', null).as('has_password'))
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, values: Updateable<UsersTable>): Promise<UserRow> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findUser(db, id))!;
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * An imported digest becomes argon2id after a successful sign-in with it, unless the password
 * changed in the meantime (the row still holds the digest that was checked). Not a change of the
 * user's data: no event, `updated_at` kept.
 */
export async function upgradePasswordHash(
  db: Db,
  id: string,
  checked: string,
  argon2idHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: argon2idHash, password_algorithm: 'Argon2id' })
    .where('id', '=', id)
    .where('password_hash', '=', checked)
    .execute();
}

/** Which of the given identifiers another user already holds (case-insensitive like the indexes). */
export async function takenIdentifiers(
  db: Db,
  identifiers: { username?: string | null; email?: string | null; phone?: string | null },
  exceptUserId?: string,
): Promise<{ username: boolean; email: boolean; phone: boolean }> {
  const { username, email, phone } = identifiers;
  const rows = await db
    .selectFrom('users')
    .select(['username', 'primary_email', 'primary_phone'])
    .where((eb) =>
      eb.or([
        ...(username ? [eb(eb.fn('lower', ['username']), '=', foldIdentifierText(username))] : []),
        ...(email ? [eb(eb.fn('lower', ['primary_email']), '=', foldIdentifierText(email))] : []),
        ...(phone ? [eb('primary_phone', '=', phone)] : []),
      ]),
    )
    .$if(exceptUserId !== undefined, (query) => query.where('id', '!=', exceptUserId!))
    .execute();
  const same = (a: string | null, b: string | null | undefined) =>
    Boolean(a && b && foldIdentifierText(a) === foldIdentifierText(b));
  return {
    username: rows.some((row) => same(row.username, username)),
    email: rows.some((row) => same(row.primary_email, email)),
    phone: rows.some((row) => same(row.primary_phone, phone)),
  };
}

/**
 * Ends every session, grant and token oidc-provider stored for the user, so refresh stops at once.
 * (JWT access tokens are not stored; they lapse at their short expiry.)
 */
export async function revokeUserArtifacts(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .deleteFrom('oidc_model_instances')
    .where((eb) => eb(eb.ref('payload', '->>').key('accountId'), '=', userId))
    .execute();
}
