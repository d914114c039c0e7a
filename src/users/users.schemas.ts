import { z } from 'zod';
import { boundedJsonObject } from '../http/bounded-json.js';
import { searchQuery } from '../http/search-query.js';
import { jsonObject } from '../http/route-schemas.js';
import { HUMAN_PHONE, phoneDigits } from './phone.js';

const jsonInput = boundedJsonObject();

/** Logto's identifier formats: usernames start with a letter or underscore; phones are digits. */
export const username = z.string().regex(/^[A-Z_a-z]\w{0,127}$/, 'letters, digits and underscores');
export const email = z.email().max(320);
// Human formats are accepted (`+1 (555) 010-9999`); phones are stored as bare digits, as Logto does.
export const phone = z
  .string()
  .trim()
  .max(40)
  .regex(HUMAN_PHONE, 'digits, optionally after a +, with spaces, dashes, dots or parentheses')
  .transform(phoneDigits)
  .pipe(z.string().regex(/^\d{5,20}$/, '5 to 20 digits'));
export const avatar = z.url({ protocol: /^https?$/ }).max(2048);
export const displayName = z.string().max(128);
const password = z.string().min(1).max(256);
// An imported digest and its algorithm (Logto's names); the pair is checked by `importedPassword`.
const passwordDigest = z.string().min(1).max(256);
const passwordAlgorithm = z
  .string()
  .max(32)
  .describe(
    'Argon2i, Argon2id, Argon2d, Bcrypt, SHA1, SHA256, MD5 or Legacy; replaced by argon2id at the first sign-in',
  );

const address = z.object({
  formatted: z.string().max(512),
  streetAddress: z.string().max(256),
  locality: z.string().max(128),
  region: z.string().max(128),
  postalCode: z.string().max(32),
  country: z.string().max(128),
});

/** The OIDC standard profile claims a user may carry besides the top-level members (Logto's `profile`). */
export const userProfile = z
  .object({
    familyName: z.string().max(128),
    givenName: z.string().max(128),
    middleName: z.string().max(128),
    nickname: z.string().max(128),
    preferredUsername: z.string().max(128),
    profile: z.string().max(2048),
    website: z.string().max(2048),
    gender: z.string().max(64),
    birthdate: z.string().max(32),
    zoneinfo: z.string().max(64),
    locale: z.string().max(32),
    address: address.partial(),
  })
  .partial();

// Input refuses members it does not know, as the management API's bodies do (request-members.ts).
const userProfileInput = userProfile.strict();

export const createUserBody = z.object({
  username: username.optional(),
  primaryEmail: email.optional(),
  primaryPhone: phone.optional(),
  name: displayName.optional(),
  avatar: avatar.optional(),
  password: password.optional(),
  passwordDigest: passwordDigest.optional(),
  passwordAlgorithm: passwordAlgorithm.optional(),
  customData: jsonInput.optional(),
  profile: userProfileInput.optional(),
});

/** `null` clears a member; customData and profile are replaced as a whole. */
export const updateUserBody = z.object({
  username: username.nullish(),
  primaryEmail: email.nullish(),
  primaryPhone: phone.nullish(),
  name: displayName.nullish(),
  avatar: avatar.nullish(),
  customData: jsonInput.optional(),
  profile: userProfileInput.optional(),
});

export const customDataBody = z.object({ customData: jsonInput });
export const profileBody = z.object({ profile: userProfileInput });
export const passwordBody = z.object({ password });
/** A new password in clear, or an imported digest with its algorithm. */
export const setPasswordBody = z.object({
  password: password.optional(),
  passwordDigest: passwordDigest.optional(),
  passwordAlgorithm: passwordAlgorithm.optional(),
});
export const suspensionBody = z.object({ isSuspended: z.boolean() });
export const userIdParams = z.object({ userId: z.string().min(1).max(128) });
export const listUsersQuery = searchQuery.extend({
  excludeRoleId: z.string().min(1).max(128).optional(),
  excludeOrganizationId: z.string().min(1).max(128).optional(),
});

export const userResponse = z.object({
  id: z.string(),
  username: z.string().nullable(),
  primaryEmail: z.string().nullable(),
  primaryPhone: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  customData: jsonObject,
  identities: jsonObject,
  profile: userProfile,
  applicationId: z.string().nullable(),
  lastSignInAt: z.number().nullable().describe('epoch milliseconds'),
  createdAt: z.number().describe('epoch milliseconds'),
  updatedAt: z.number().describe('epoch milliseconds'),
  isSuspended: z.boolean(),
  hasPassword: z.boolean(),
});

const flag = z.string().max(16).optional().describe('`true`, `1`, `yes` or `y` to include');
/** Logto's `GET /api/users/:id` query: what to add to the user. */
export const getUserQuery = z.object({
  includeSsoIdentities: flag,
  includePasswordHash: flag,
});

const ssoIdentity = z.object({
  tenantId: z.string().describe('always `default`: one tenant, as a self-hosted Logto'),
  id: z.string(),
  userId: z.string(),
  issuer: z.string(),
  identityId: z.string(),
  detail: jsonObject,
  createdAt: z.number().describe('epoch milliseconds'),
  updatedAt: z.number().describe('epoch milliseconds; the link is never changed, so its creation'),
  ssoConnectorId: z.string(),
});

/** With `includeSsoIdentities` the linked SSO identities, with `includePasswordHash` the digest. */
export const userDetailResponse = userResponse.extend({
  ssoIdentities: z.array(ssoIdentity).optional(),
  passwordDigest: z.string().nullable().optional(),
  passwordAlgorithm: z
    .enum(['Argon2i', 'Argon2id', 'Argon2d', 'SHA1', 'SHA256', 'MD5', 'Bcrypt', 'Legacy'])
    .nullable()
    .optional(),
});

export type CreateUserInput = z.infer<typeof createUserBody>;
export type UpdateUserInput = z.infer<typeof updateUserBody>;
export type UserProfile = z.infer<typeof userProfile>;
export type UserResponse = z.infer<typeof userResponse>;
