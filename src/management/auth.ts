import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config.js';
import { apiError, type ErrorKey } from '../http/error-registry.js';
import type { SigningKeyRing } from '../oidc/key-ring.js';
import { SIGNING_ALGS } from '../oidc/signing-keys.js';
import type { Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { managementStanding, managementSubject, type ManagementStanding } from './access.js';
import { verifiedTokens } from './verified-tokens.js';

export interface ManagementCaller {
  /** The application whose token authorised the call (the console's, for a console user). */
  applicationId: string;
  /** The console user the token was issued to; absent for machine-to-machine tokens. */
  userId?: string;
  scopes: string[];
}

export type ManagementAuthenticator = (request: FastifyRequest) => Promise<ManagementCaller>;

const REFUSALS = {
  application_gone: 'auth.unauthorized#application_gone',
  application_not_first_party: 'auth.forbidden#third_party_management',
  user_gone: 'auth.unauthorized#user_gone',
  user_suspended: 'auth.forbidden#user_suspended',
  scope_revoked: 'auth.forbidden#scope_revoked',
} as const satisfies Record<Exclude<ManagementStanding, 'granted'>, ErrorKey>;

/**
 * Management calls carry a JWT access token of this issuer, for the management API resource,
 * with the `all` scope, verified locally against the service's published keys. Every call also
 * checks that the token's application (client credentials) or user (console sign-in) still holds
 * that scope through its roles, so a revocation takes effect within a second, not at expiry.
 * Impersonation tokens never qualify.
 */
export function createManagementAuthenticator(
  config: Config,
  db: Db,
  keys: SigningKeyRing,
  clock: Clock,
): ManagementAuthenticator {
  const verified = verifiedTokens<ReturnType<SigningKeyRing['verificationKeys']>>(clock);
  const verify = async (token: string): Promise<JWTPayload> => {
    const keySet = keys.verificationKeys();
    const known = verified.get(keySet, token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: config.issuer,
        audience: config.managementApiIndicator,
        algorithms: SIGNING_ALGS,
        typ: 'at+jwt',
        currentDate: new Date(clock.now()),
      });
      verified.remember(keySet, token, payload);
      return payload;
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw apiError(expired ? 'auth.unauthorized#expired' : 'auth.unauthorized');
    }
  };
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) throw apiError('auth.authorization_header_missing');
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw apiError('auth.authorization_token_type_not_supported');
    }
    const payload = await verify(token);
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes('all')) {
      throw apiError('auth.forbidden#missing_scope');
    }
    if (payload.act !== undefined || payload.gty !== undefined) {
      throw apiError('auth.forbidden#impersonation_token');
    }
    const subject = managementSubject(payload);
    if (!subject) throw apiError('auth.unauthorized');
    const standing = await managementStanding(db, subject);
    if (standing !== 'granted') throw apiError(REFUSALS[standing]);
    return subject.kind === 'user'
      ? { applicationId: subject.applicationId, userId: subject.userId, scopes }
      : { applicationId: subject.applicationId, scopes };
  };
}
