import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config.js';
import { ApiError } from '../http/errors.js';
import type { SigningKeyRing } from '../oidc/key-ring.js';
import { SIGNING_ALGS } from '../oidc/signing-keys.js';
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

const REFUSALS: Record<Exclude<ManagementStanding, 'granted'>, [401 | 403, string, string]> = {
  application_gone: [401, 'auth.unauthorized', "The access token's application no longer exists."],
  application_not_first_party: [
    403,
    'auth.forbidden',
    'A third-party application cannot use the management API.',
  ],
  user_gone: [401, 'auth.unauthorized', "The access token's user no longer exists."],
  user_suspended: [403, 'auth.forbidden', "The access token's user is suspended."],
  scope_revoked: [403, 'auth.forbidden', 'The management API access was revoked.'],
};

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
): ManagementAuthenticator {
  const verified = verifiedTokens<ReturnType<SigningKeyRing['verificationKeys']>>();
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
      });
      verified.remember(keySet, token, payload);
      return payload;
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw new ApiError(
        401,
        'auth.unauthorized',
        expired ? 'The access token has expired.' : 'The access token is not valid.',
      );
    }
  };
  return async (request) => {
    const header = request.headers.authorization;
    if (!header)
      throw new ApiError(401, 'auth.authorization_header_missing', 'Authorization header is missing.');
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new ApiError(
        401,
        'auth.authorization_token_type_not_supported',
        'Authorization must be a Bearer token.',
      );
    }
    const payload = await verify(token);
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes('all')) {
      throw new ApiError(
        403,
        'auth.forbidden',
        'The access token lacks the `all` scope of the management API.',
      );
    }
    if (payload.act !== undefined || payload.gty !== undefined) {
      throw new ApiError(403, 'auth.forbidden', 'An impersonation token cannot use the management API.');
    }
    const subject = managementSubject(payload);
    if (!subject) throw new ApiError(401, 'auth.unauthorized', 'The access token is not valid.');
    const standing = await managementStanding(db, subject);
    if (standing !== 'granted') throw new ApiError(...REFUSALS[standing]);
    return subject.kind === 'user'
      ? { applicationId: subject.applicationId, userId: subject.userId, scopes }
      : { applicationId: subject.applicationId, scopes };
  };
}
