import type { Db } from '../storage/database.js';
import { refusal } from './exchange-errors.js';
import { exchangeApplication } from './exchange-steps.js';
import { isActiveUser } from './exchange.repository.js';
import type { AccessTokenReader } from './issued-access-token.js';

export interface ActorVerifier {
  /** The acting user's id, or a refusal. */
  verifyActor(actorToken: string): Promise<string>;
}

/**
 * An actor token is an access token this service issued to the acting user (JWT or opaque, see
 * `createAccessTokenReader`). It must carry `openid`, belong to a user (not a client), that user
 * must still be active, it must have been issued to a first-party application, and it must not
 * itself be an impersonation (no `act`: no delegation chains).
 */
export function createActorVerifier(db: Db, read: AccessTokenReader): ActorVerifier {
  return {
    async verifyActor(actorToken) {
      const claims = await read(actorToken, 'actor_token');
      if (claims.act !== undefined) {
        throw refusal('invalid_grant', 'actor_token carries act: delegation chains are not allowed');
      }
      if (!claims.scopes.has('openid')) throw refusal('invalid_grant', 'actor_token lacks the openid scope');
      if (!claims.sub || claims.sub === claims.clientId) {
        throw refusal('invalid_grant', 'actor_token does not belong to a user');
      }
      // A third-party application's token proves the user consented to that application, not that
      // they act here: the same rule as for a subject access token.
      const issuedTo = claims.clientId ? await exchangeApplication(db, claims.clientId) : undefined;
      if (!issuedTo || issuedTo.isThirdParty) {
        throw refusal('invalid_grant', 'actor_token was not issued to a first-party application');
      }
      if (!(await isActiveUser(db, claims.sub))) {
        throw refusal('invalid_grant', 'the acting user does not exist or is suspended');
      }
      return claims.sub;
    },
  };
}
