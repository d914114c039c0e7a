import type { UserRow } from './users.repository.js';
import type { UserResponse } from './users.schemas.js';

export type UserProfileResponse = Omit<UserResponse, 'hasPassword'>;

/** A user as the management API shows it: never the password hash, only whether one is set. */
export function toUserResponse(user: UserRow): UserResponse {
  return { ...toUserProfileResponse(user), hasPassword: Boolean(user.has_password) };
}

/** The same without the password state, where a user appears as a member of something else. */
export function toUserProfileResponse(user: Omit<UserRow, 'has_password'>): UserProfileResponse {
  return {
    id: user.id,
    username: user.username,
    primaryEmail: user.primary_email,
    primaryPhone: user.primary_phone,
    name: user.name,
    avatar: user.avatar,
    customData: user.custom_data,
    identities: user.identities,
    profile: user.profile,
    applicationId: user.application_id,
    lastSignInAt: user.last_sign_in_at?.getTime() ?? null,
    createdAt: user.created_at.getTime(),
    updatedAt: user.updated_at.getTime(),
    isSuspended: user.is_suspended,
  };
}
