import type { Transaction } from 'kysely';
import { apiError } from '../http/error-registry.js';
import { keepAnAdministrator } from '../management/last-administrator.js';
import type { EventSink } from '../webhooks/mutation.js';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import type { PasswordAlgorithm } from '../storage/tables/core.js';
import { toUserEntity } from '../webhooks/entities.js';
import { assertIdentifiersAvailable, withIdentifierConflicts } from './identifiers.js';
import { toUserResponse } from './user-response.js';
import * as repository from './users.repository.js';
import type { CreateUserInput, UpdateUserInput, UserResponse } from './users.schemas.js';

type Trx = Transaction<Database>;

// Logto reads a user with a query that fails as `entity.not_found`, not `…not_exists_with_id`.
const userNotFound = (id: string) => apiError('entity.not_found#user', { id });

export async function getUser(db: Db, userId: string): Promise<repository.UserRow> {
  const user = await repository.findUser(db, userId);
  if (!user) throw userNotFound(userId);
  return user;
}

async function lockUser(trx: Trx, userId: string): Promise<repository.UserRow> {
  const user = await repository.lockUser(trx, userId);
  if (!user) throw userNotFound(userId);
  return user;
}

export type NewUser = Omit<CreateUserInput, 'password' | 'passwordDigest' | 'passwordAlgorithm'> & {
  passwordHash?: string;
  /** How `passwordHash` is checked: argon2id unless it is an imported digest. */
  passwordAlgorithm?: PasswordAlgorithm;
  /** Social identities by target, Logto's shape `{[target]: {userId, details}}`. */
  identities?: Record<string, { userId: string; details: Record<string, unknown> }>;
};

/** Inserts a user with the default roles; shared by the management API and registration. */
export async function insertUserWithDefaults(trx: Trx, input: NewUser): Promise<repository.UserRow> {
  await assertIdentifiersAvailable(trx, {
    username: input.username,
    email: input.primaryEmail,
    phone: input.primaryPhone,
  });
  return withIdentifierConflicts(() =>
    repository.insertUserWithDefaultRoles(trx, {
      id: newId(),
      username: input.username ?? null,
      primary_email: input.primaryEmail ?? null,
      primary_phone: input.primaryPhone ?? null,
      name: input.name ?? null,
      avatar: input.avatar ?? null,
      password_hash: input.passwordHash ?? null,
      password_algorithm: input.passwordHash ? (input.passwordAlgorithm ?? 'Argon2id') : null,
      profile: json(input.profile ?? {}),
      custom_data: json(input.customData ?? {}),
      identities: json(input.identities ?? {}),
      application_id: null,
    }),
  );
}

export async function createUser(trx: Trx, events: EventSink, input: NewUser): Promise<UserResponse> {
  const user = await insertUserWithDefaults(trx, input);
  events.emit('User.Created', { data: toUserEntity(user) });
  return toUserResponse(user);
}

/** Any change to a user's data: the row is locked, changed, and `User.Data.Updated` fires. */
async function changeUser(
  trx: Trx,
  events: EventSink,
  userId: string,
  change: (user: repository.UserRow) => Parameters<typeof repository.updateUser>[2],
): Promise<repository.UserRow> {
  const current = await lockUser(trx, userId);
  const user = await withIdentifierConflicts(() => repository.updateUser(trx, userId, change(current)));
  events.emit('User.Data.Updated', { data: toUserEntity(user) });
  return user;
}

export async function updateUser(trx: Trx, events: EventSink, userId: string, input: UpdateUserInput) {
  await lockUser(trx, userId);
  // Logto's update with nothing to set fails in the database as 422 `entity.invalid_input`.
  if (Object.values(input).every((value) => value === undefined)) throw apiError('entity.invalid_input');
  await assertIdentifiersAvailable(
    trx,
    { username: input.username, email: input.primaryEmail, phone: input.primaryPhone },
    userId,
  );
  const user = await changeUser(trx, events, userId, () => ({
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.primaryEmail !== undefined ? { primary_email: input.primaryEmail } : {}),
    ...(input.primaryPhone !== undefined ? { primary_phone: input.primaryPhone } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
    ...(input.customData ? { custom_data: json(input.customData) } : {}),
    ...(input.profile ? { profile: json(input.profile) } : {}),
  }));
  return toUserResponse(user);
}

/** Data of the user kept in other tables changed (MFA factors): `User.Data.Updated` fires. */
export async function userDataChanged(trx: Trx, events: EventSink, userId: string): Promise<void> {
  await changeUser(trx, events, userId, () => ({}));
}

/** Shallow merge into the stored custom data, as Logto's PATCH does. */
export async function mergeCustomData(trx: Trx, events: EventSink, userId: string, data: object) {
  const user = await changeUser(trx, events, userId, (current) => ({
    custom_data: json({ ...current.custom_data, ...data }),
  }));
  return user.custom_data;
}

export async function mergeProfile(trx: Trx, events: EventSink, userId: string, profile: object) {
  const user = await changeUser(trx, events, userId, (current) => ({
    profile: json({ ...current.profile, ...profile }),
  }));
  return toUserResponse(user).profile;
}

export async function setPasswordHash(
  trx: Trx,
  events: EventSink,
  userId: string,
  passwordHash: string,
  algorithm: PasswordAlgorithm = 'Argon2id',
) {
  const user = await changeUser(trx, events, userId, () => ({
    password_hash: passwordHash,
    password_algorithm: algorithm,
  }));
  return toUserResponse(user);
}

/**
 * Social identities: `change` gets the stored ones and returns the new set (a link adds
 * `identities[target]`, an unlink removes it); `User.Data.Updated` fires.
 */
export async function changeIdentities(
  trx: Trx,
  events: EventSink,
  userId: string,
  change: (identities: Record<string, unknown>) => Record<string, unknown>,
) {
  const user = await changeUser(trx, events, userId, (current) => ({
    identities: json(change(current.identities)),
  }));
  return toUserResponse(user);
}

/** A change stored outside the users row (an SSO identity linked): `User.Data.Updated` fires. */
export async function touchUser(trx: Trx, events: EventSink, userId: string) {
  await changeUser(trx, events, userId, () => ({}));
}

/** Suspension also ends the user's sessions and refresh tokens, in the same transaction. */
export async function setSuspended(trx: Trx, events: EventSink, userId: string, isSuspended: boolean) {
  await lockUser(trx, userId);
  if (isSuspended) await keepAnAdministrator(trx, userId);
  const user = await repository.updateUser(trx, userId, { is_suspended: isSuspended });
  if (isSuspended) await repository.revokeUserArtifacts(trx, userId);
  events.emit('User.SuspensionStatus.Updated', { data: toUserEntity(user) });
  return toUserResponse(user);
}

export async function deleteUser(trx: Trx, events: EventSink, userId: string): Promise<void> {
  await lockUser(trx, userId);
  await keepAnAdministrator(trx, userId);
  await repository.revokeUserArtifacts(trx, userId);
  await repository.deleteUser(trx, userId);
  events.emit('User.Deleted', { data: null });
}
