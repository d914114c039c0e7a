import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config.js';
import { ApiError } from '../http/errors.js';
import type { SigningKeyRing } from '../oidc/key-ring.js';
import { SIGNING_ALGS } from '../oidc/signing-keys.js';

export interface ManagementCaller {
  /** The machine-to-machine application whose token authorised the call. */
  applicationId: string;
  scopes: string[];
}

export type ManagementAuthenticator = (request: FastifyRequest) => Promise<ManagementCaller>;

/**
 * Management calls carry a JWT access token of this issuer, for the management API resource,
 * with the `all` scope; it is verified locally against the service's published keys.
 */
export function createManagementAuthenticator(config: Config, keys: SigningKeyRing): ManagementAuthenticator {
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
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys.verificationKeys(), {
        issuer: config.issuer,
        audience: config.managementApiIndicator,
        algorithms: SIGNING_ALGS,
        typ: 'at+jwt',
      }));
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw new ApiError(
        401,
        'auth.unauthorized',
        expired ? 'The access token has expired.' : 'The access token is not valid.',
      );
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes('all')) {
      throw new ApiError(
        403,
        'auth.forbidden',
        'The access token lacks the `all` scope of the management API.',
      );
    }
    const applicationId = typeof payload.client_id === 'string' ? payload.client_id : '';
    return { applicationId, scopes };
  };
}
