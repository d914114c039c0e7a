import type { FastifyRequest } from 'fastify';
import { apiError } from '../http/error-registry.js';
import { assertPasswordAccepted } from '../experience/password-policy.js';
import { assertFieldAccess } from '../sign-in-experience/account-center.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { toUserResponse } from '../users/user-response.js';
import { getUser, mergeProfile, setPasswordHash, updateUser } from '../users/users.service.js';
import { hashPassword } from '../users/passwords.js';
import type { UserProfile } from '../users/users.schemas.js';
import type { AccountCaller } from './account-auth.js';
import { changeAccount } from './account.service.js';

export interface BasicProfileChange {
  name?: string | null;
  avatar?: string | null;
  username?: string | null;
}

/** Name, avatar and username, each only when the operator lets users edit it; `null` clears one. */
export async function changeBasicProfile(
  request: FastifyRequest,
  caller: AccountCaller,
  input: BasicProfileChange,
) {
  const settings = request.accountCenter!;
  if (input.name !== undefined) assertFieldAccess(settings, 'name', 'edit');
  if (input.avatar !== undefined) assertFieldAccess(settings, 'avatar', 'edit');
  if (input.username !== undefined) assertFieldAccess(settings, 'username', 'edit');
  if (input.username === null) {
    const { signUp } = await loadSignInExperience(request.server.services.db);
    if (signUp.identifiers.includes('username')) throw apiError('user.username_required');
  }
  return changeAccount(request, caller, (trx, events) => updateUser(trx, events, caller.userId, input));
}

/** The OIDC profile claims, merged member by member as Logto's account profile update does. */
export async function changeOwnProfile(request: FastifyRequest, caller: AccountCaller, profile: UserProfile) {
  return changeAccount(request, caller, (trx, events) => mergeProfile(trx, events, caller.userId, profile));
}

/** A new password to the sign-in experience's policy; the old one stops working at once. */
export async function changeOwnPassword(request: FastifyRequest, caller: AccountCaller, password: string) {
  const { db } = request.server.services;
  const user = toUserResponse(await getUser(db, caller.userId));
  const { passwordPolicy } = await loadSignInExperience(db);
  assertPasswordAccepted(passwordPolicy, password, {
    username: user.username,
    email: user.primaryEmail,
    phone: user.primaryPhone,
  });
  const hash = await hashPassword(password);
  await changeAccount(request, caller, (trx, events) => setPasswordHash(trx, events, caller.userId, hash));
}
