import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config.js';
import type { SigningKeyRing } from '../oidc/key-ring.js';
import { SIGNING_ALGS } from '../oidc/signing-keys.js';
import type { Clock } from '../storage/clock.js';
import { refusal } from './exchange-errors.js';

/** What token exchange needs to know of an access token this service issued. */
export interface IssuedAccessToken {
  format: 'jwt' | 'opaque';
  sub: string | undefined;
  clientId: string | undefined;
  scopes: Set<string>;
  act: unknown;
  /** The grant type the token came from: oidc-provider's for opaque tokens, the `gty` claim of ours. */
  gty: unknown;
  /** JWT only: the audience, and the id (an opaque token's id is its value: never logged). */
  aud?: string | string[];
  jti?: string;
  /** Expiry, seconds since the epoch. */
  exp: number | undefined;
}

export type AccessTokenReader = (
  token: string,
  parameter: 'actor_token' | 'subject_token',
) => Promise<IssuedAccessToken>;

/**
 * Reads an access token this service issued: a JWT access token verified against our own keys and
 * issuer (`typ` at+jwt, not expired), or an opaque (userinfo) one found unexpired in the provider's
 * store, where revoking its grant deletes it. Anything else is an `invalid_grant` naming the parameter.
 */
export function createAccessTokenReader(
  provider: Provider,
  config: Config,
  keys: SigningKeyRing,
  clock: Clock,
): AccessTokenReader {
  const readJwt = async (token: string, parameter: string): Promise<IssuedAccessToken> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys.verificationKeys(), {
        issuer: config.issuer,
        algorithms: SIGNING_ALGS,
        typ: 'at+jwt',
        currentDate: new Date(clock.now()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw refusal('invalid_grant', `${parameter} has expired`);
      throw refusal('invalid_grant', `${parameter} is not an access token issued by this service`);
    }
    return {
      format: 'jwt',
      sub: payload.sub,
      clientId: typeof payload.client_id === 'string' ? payload.client_id : undefined,
      scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []),
      act: payload.act,
      gty: payload.gty,
      aud: payload.aud,
      jti: payload.jti,
      exp: payload.exp,
    };
  };

  const readOpaque = async (token: string, parameter: string): Promise<IssuedAccessToken> => {
    const found = await provider.AccessToken.find(token);
    if (!found || found.isExpired) {
      throw refusal('invalid_grant', `${parameter} is not a valid access token issued by this service`);
    }
    return {
      format: 'opaque',
      sub: found.accountId,
      clientId: found.clientId,
      scopes: found.scopes,
      act: (found.extra as Record<string, unknown> | undefined)?.act,
      gty: found.gty,
      exp: found.exp,
    };
  };

  return (token, parameter) =>
    token.split('.').length === 3 ? readJwt(token, parameter) : readOpaque(token, parameter);
}
