import { apiError } from '../http/error-registry.js';
import { notFound } from '../http/errors.js';
import type { Db } from '../storage/database.js';
import { revokeGrants, userExists } from './grants.repository.js';
import * as repository from './sessions.repository.js';

/** Which grants of a session go with it (Logto's `revokeGrantsTarget`). */
export type RevokeGrantsTarget = 'all' | 'firstParty';

export interface SessionAuthorization {
  sid?: string;
  grantId?: string;
  persistsLogout?: boolean;
}

/**
 * A browser session as Logto shows it: oidc-provider's Session payload, with the uid as its id.
 * The session's own id is the value of the user's session cookie, so it is never shown.
 */
export interface UserSession {
  id: string;
  modelName: 'Session';
  payload: {
    exp: number;
    iat: number;
    uid: string;
    kind: 'Session';
    loginTs: number;
    accountId: string;
    authorizations: Record<string, SessionAuthorization>;
  };
  expiresAt: number;
  consumedAt: null;
  lastSubmission: null;
}

interface StoredSession {
  exp?: number;
  iat?: number;
  loginTs?: number;
  accountId?: string;
  authorizations?: Record<string, SessionAuthorization>;
}

export async function listSessions(db: Db, userId: string): Promise<UserSession[]> {
  const rows = await repository.listUserSessions(db, userId);
  return rows.flatMap((row) => {
    if (!row.uid) return [];
    const stored = row.payload as StoredSession;
    const exp = stored.exp ?? Math.floor((row.expires_at?.getTime() ?? 0) / 1000);
    return [
      {
        id: row.uid,
        modelName: 'Session' as const,
        payload: {
          exp,
          iat: stored.iat ?? exp,
          uid: row.uid,
          kind: 'Session' as const,
          loginTs: stored.loginTs ?? stored.iat ?? exp,
          accountId: stored.accountId ?? userId,
          authorizations: stored.authorizations ?? {},
        },
        expiresAt: row.expires_at?.getTime() ?? exp * 1000,
        consumedAt: null,
        lastSubmission: null,
      },
    ];
  });
}

/** Whether the session authorised the grant (the caller's own session, for `isCurrent`). */
export const sessionHoldsGrant = (session: UserSession, grantId: string | undefined): boolean =>
  grantId !== undefined && Object.values(session.payload.authorizations).some((a) => a.grantId === grantId);

/**
 * Ends one session of the user: the session row goes, so its browser is signed out, and its grants
 * with their tokens go as `target` says. Without a target, as Logto: grants that include
 * `offline_access` stay (an application keeps its refresh token), the others go.
 */
export async function revokeSession(
  db: Db,
  userId: string,
  sessionId: string,
  target?: RevokeGrantsTarget,
): Promise<void> {
  if (!(await userExists(db, userId))) throw apiError('entity.not_found#user', { id: userId });
  await db.transaction().execute(async (trx) => {
    const stored = (await repository.deleteUserSession(trx, userId, sessionId)) as StoredSession | undefined;
    if (!stored) throw notFound('session', sessionId);
    const grantIds = Object.values(stored.authorizations ?? {}).flatMap((a) =>
      a.grantId ? [a.grantId] : [],
    );
    const grants = await repository.findSessionGrants(trx, userId, grantIds);
    const doomed = grants.filter((grant) => {
      if (target === 'all') return true;
      if (target === 'firstParty') return grant.is_third_party !== true;
      const scope = (grant.payload as { openid?: { scope?: string } }).openid?.scope ?? '';
      return !scope.split(' ').includes('offline_access');
    });
    await revokeGrants(
      trx,
      doomed.map((grant) => grant.id),
    );
  });
}
