import type { Db } from '../storage/database.js';
import { toUserEntity, type UserEntity } from '../webhooks/entities.js';
import { findUser } from './users.repository.js';

/** The webhook `UserEntity` of a user, or undefined when there is no such user; any domain may use it. */
export async function loadUserEntity(db: Db, userId: string): Promise<UserEntity | undefined> {
  const user = await findUser(db, userId);
  return user && toUserEntity(user);
}
