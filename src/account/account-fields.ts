import type { FastifyRequest } from 'fastify';
import {
  assertAccountCenterEnabled,
  assertFieldAccess,
  canRead,
} from '../sign-in-experience/account-center.js';
import type { AccountCenter, AccountField } from '../sign-in-experience/account-center.schemas.js';
import type { UserResponse } from '../users/users.schemas.js';
import type { AccountIdentities } from './account.schemas.js';
import { loadAccountCenter } from '../sign-in-experience/account-center.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountCenter: AccountCenter | null;
  }
}

const ACCOUNT_PREFIX = '/api/my-account';

// Which account center field a route of the Account API reads or changes, by its path below the prefix.
const routeFields: [RegExp, AccountField][] = [
  [/^\/primary-email$/, 'email'],
  [/^\/primary-phone$/, 'phone'],
  [/^\/password$/, 'password'],
  [/^\/profile$/, 'profile'],
  [/^\/mfa-verifications(\/|$)/, 'mfa'],
  [/^\/identities(\/|$)/, 'social'],
];

/** The field a route serves, and whether it reads or changes it; none for routes of no single field. */
export function fieldOfRoute(
  method: string,
  url: string,
): { field: AccountField; access: 'read' | 'edit' } | undefined {
  if (!url.startsWith(ACCOUNT_PREFIX)) return undefined;
  const path = url.slice(ACCOUNT_PREFIX.length);
  const match = routeFields.find(([pattern]) => pattern.test(path));
  if (!match) return undefined;
  return { field: match[1], access: method === 'GET' || method === 'HEAD' ? 'read' : 'edit' };
}

/**
 * The account center gate of every Account API request: refused while the account center is
 * disabled, and for a field the operator left Off (reads) or not at Edit (changes).
 */
export async function checkAccountCenter(request: FastifyRequest): Promise<AccountCenter> {
  const settings = await loadAccountCenter(request.server.services.db);
  assertAccountCenterEnabled(settings);
  const route = fieldOfRoute(request.method, request.routeOptions.url ?? '');
  if (route) assertFieldAccess(settings, route.field, route.access);
  request.accountCenter = settings;
  return settings;
}

const profileFields: [string, AccountField][] = [
  ['name', 'name'],
  ['avatar', 'avatar'],
  ['username', 'username'],
  ['primaryEmail', 'email'],
  ['primaryPhone', 'phone'],
  ['hasPassword', 'password'],
  ['identities', 'social'],
];

/** The user's own data without the members the operator set to Off (the id always stays). */
export function visibleProfile<T extends Record<string, unknown>>(
  settings: AccountCenter,
  profile: T,
): Partial<T> {
  const hidden = new Set(profileFields.filter(([, field]) => !canRead(settings, field)).map(([key]) => key));
  return Object.fromEntries(Object.entries(profile).filter(([key]) => !hidden.has(key))) as Partial<T>;
}

/** The user as the Account API shows them: identities as stored by the links (`{ userId, details }`). */
export const accountView = (settings: AccountCenter, user: UserResponse) =>
  visibleProfile(settings, { ...user, identities: user.identities as AccountIdentities });
