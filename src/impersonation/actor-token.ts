import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config.js';
import type { SigningKeyRing } from '../oidc/key-ring.js';
import { SIGNING_ALGS } from '../oidc/signing-keys.js';
import type { Db } from '../storage/database.js';
import { refusal } from './exchange-errors.js';
import { isActiveUser } from './exchange.repository.js';

export interface ActorVerifier {
  /** The acting user's id, or a refusal. */
  verifyActor(actorToken: string): Promise<string>;
}

interface ActorClaims {
  sub: string | undefined;
  clientId: string | undefined;
  scopes: Set<string>;
  act: unknown;
}

/**
 * An actor token is an access token this service issued to the acting user: a JWT access token
 * verified against our own keys and issuer, or an opaque (userinfo) access token found in the
 * provider's store. It must carry `openid`, belong to a user (not a client), that user must still
 * be active, and it must not itself be an impersonation (no `act`: no delegation chains).
 */
export function createActorVerifier(
  provider: Provider,
  db: Db,
  config: Config,
  keys: SigningKeyRing,
): ActorVerifier {
  const readJwt = async (token: string): Promise<ActorClaims> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys.verificationKeys(), {
        issuer: config.issuer,
        algorithms: SIGNING_ALGS,
        typ: 'at+jwt',
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw refusal('invalid_grant', 'actor_token has expired');
      throw refusal('invalid_grant', 'actor_token is not an access token issued by this service');
    }
    return {
      sub: payload.sub,
      clientId: typeof payload.client_id === 'string' ? payload.client_id : undefined,
      scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []),
      act: payload.act,
    };
  };

  const readOpaque = async (token: string): Promise<ActorClaims> => {
    const found = await provider.AccessToken.find(token);
    if (!found || found.isExpired) {
      throw refusal('invalid_grant', 'actor_token is not a valid access token issued by this service');
    }
    return {
      sub: found.accountId,
      clientId: found.clientId,
      scopes: found.scopes,
      act: (found.extra as Record<string, unknown> | undefined)?.act,
    };
  };

  return {
    async verifyActor(actorToken) {
      const claims =
        actorToken.split('.').length === 3 ? await readJwt(actorToken) : await readOpaque(actorToken);
      if (claims.act !== undefined) {
        throw refusal('invalid_grant', 'actor_token carries act: delegation chains are not allowed');
      }
      if (!claims.scopes.has('openid')) throw refusal('invalid_grant', 'actor_token lacks the openid scope');
      if (!claims.sub || claims.sub === claims.clientId) {
        throw refusal('invalid_grant', 'actor_token does not belong to a user');
      }
      if (!(await isActiveUser(db, claims.sub))) {
        throw refusal('invalid_grant', 'the acting user does not exist or is suspended');
      }
      return claims.sub;
    },
  };
}
