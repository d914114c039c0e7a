import type { AccessToken, ClientCredentials, KoaContextWithOIDC } from 'oidc-provider';
import { loadUserClaimsContext } from './claims-context.repository.js';
import { customClaims, type ClaimsDeps } from './custom-claims.js';
import type { ExchangeApplication } from './exchange.repository.js';
import { exchangeApplication } from './exchange-steps.js';

// Claims a grant handler computed before saving its token (token exchange does).
const preset = new WeakMap<object, Record<string, unknown>>();

export function presetTokenClaims(token: object, claims: Record<string, unknown>): void {
  preset.set(token, claims);
}

/**
 * oidc-provider's `extraTokenClaims`: preset claims, or the operator's script for JWT access
 * tokens of user grants (access-token script) and of client_credentials (client-credentials
 * script). Tokens for the management API are left alone, so a broken script cannot lock the
 * operator out of the API that fixes it.
 */
export function createExtraTokenClaims(deps: ClaimsDeps) {
  return async (
    ctx: KoaContextWithOIDC,
    token: AccessToken | ClientCredentials,
  ): Promise<Record<string, unknown> | undefined> => {
    const claims = preset.get(token);
    if (claims) return claims;
    const audience = token.resourceServer?.audience;
    if (!audience || audience === deps.config.managementApiIndicator) return undefined;
    const base = {
      jti: token.jti,
      iss: deps.config.issuer,
      aud: audience,
      client_id: token.clientId,
      scope: token.scope,
    };
    const application = () => exchangeApplication(deps.db, token.clientId!);

    if (token.kind === 'ClientCredentials') {
      return nonEmpty(
        await customClaims(deps, {
          tokenType: 'client-credentials',
          token: { ...base, sub: token.clientId },
          context: async () => ({ application: applicationContext(await application()) }),
          applicationId: token.clientId!,
        }),
      );
    }
    const accountId = (token as AccessToken).accountId;
    if (!accountId) return undefined;
    return nonEmpty(
      await customClaims(deps, {
        tokenType: 'access-token',
        token: { ...base, sub: accountId },
        context: async () => ({
          grant: { type: ctx.oidc.params?.grant_type },
          user: await loadUserClaimsContext(deps.db, accountId),
          application: applicationContext(await application()),
        }),
        userId: accountId,
        applicationId: token.clientId!,
      }),
    );
  };
}

/** The application as a script sees it: no secret. */
export function applicationContext(application: ExchangeApplication | undefined) {
  if (!application) return undefined;
  return {
    id: application.id,
    name: application.name,
    type: application.type,
    description: application.description,
    isThirdParty: application.isThirdParty,
    customClientMetadata: application.customClientMetadata,
    customData: application.customData,
  };
}

function nonEmpty(claims: Record<string, unknown>): Record<string, unknown> | undefined {
  return Object.keys(claims).length > 0 ? claims : undefined;
}
