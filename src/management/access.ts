import type { JWTPayload } from 'jose';
import type { Db } from '../storage/database.js';
import { shortCache } from '../storage/short-cache.js';
import { userResourceScopeNames } from '../users/user-scopes.repository.js';
import { applicationScopeNames, findApplicationStanding, findUserSuspension } from './access.repository.js';
import { MANAGEMENT_RESOURCE_ID } from './seed.js';

/** Why a verified management token may (or may no longer) be used. */
export type ManagementStanding =
  | 'granted'
  | 'application_gone'
  | 'application_not_first_party'
  | 'user_gone'
  | 'user_suspended'
  | 'scope_revoked';

/** Who a management token speaks for: a machine (client credentials) or a console user. */
export type ManagementSubject =
  { kind: 'application'; applicationId: string } | { kind: 'user'; userId: string; applicationId: string };

const MANAGEMENT_SCOPE = 'all';

/**
 * A client_credentials token's `sub` is its client; any other `sub` is the user an
 * authorization-code token was issued for.
 */
export function managementSubject(payload: JWTPayload): ManagementSubject | undefined {
  const applicationId = typeof payload.client_id === 'string' ? payload.client_id : undefined;
  const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
  if (!applicationId || !sub) return undefined;
  return sub === applicationId
    ? { kind: 'application', applicationId }
    : { kind: 'user', userId: sub, applicationId };
}

async function loadStanding(db: Db, key: string): Promise<ManagementStanding> {
  const subject = JSON.parse(key) as ManagementSubject;
  const application = await findApplicationStanding(db, subject.applicationId);
  if (!application) return 'application_gone';
  if (subject.kind === 'application') {
    const scopes = await applicationScopeNames(db, subject.applicationId, MANAGEMENT_RESOURCE_ID);
    return scopes.includes(MANAGEMENT_SCOPE) ? 'granted' : 'scope_revoked';
  }
  // The console is a first-party application; a third-party one never administers the service.
  if (application.isThirdParty) return 'application_not_first_party';
  const suspended = await findUserSuspension(db, subject.userId);
  if (suspended === undefined) return 'user_gone';
  if (suspended) return 'user_suspended';
  const scopes = await userResourceScopeNames(db, subject.userId, { id: MANAGEMENT_RESOURCE_ID });
  return scopes.includes(MANAGEMENT_SCOPE) ? 'granted' : 'scope_revoked';
}

const cachedStanding = shortCache(loadStanding);

/**
 * Whether the token's application or user still holds the management API's `all` scope, read
 * on every management call. Kept a second (see shortCache), so a revocation through another
 * instance takes effect here within that second; writes through this instance call
 * `forgetManagementStandings` and take effect at once.
 */
export async function managementStanding(db: Db, subject: ManagementSubject): Promise<ManagementStanding> {
  return (await cachedStanding(db, JSON.stringify(subject)))!;
}

export function forgetManagementStandings(db: Db): void {
  cachedStanding.clear(db);
}
