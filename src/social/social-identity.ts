import type { OAuth2Config } from '../connectors/config-schemas.js';

/** What Tessera keeps of a person a social or SSO provider authenticated. */
export interface RemoteIdentity {
  id: string;
  email?: string;
  /** Only a verified e-mail may register an account's address or link to an existing one. */
  emailVerified: boolean;
  /** An enterprise provider called the e-mail verified, but it is outside its connector's domains. */
  emailOutsideDomains?: boolean;
  name?: string;
  avatar?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

export function identityFromClaims(claims: Record<string, unknown>): RemoteIdentity {
  const email = text(claims.email)?.toLowerCase();
  return {
    id: String(claims.sub),
    ...(email ? { email } : {}),
    emailVerified: Boolean(email) && claims.email_verified === true,
    ...(text(claims.name) ? { name: text(claims.name) } : {}),
    ...(text(claims.picture) ? { avatar: text(claims.picture) } : {}),
  };
}

/** An OAuth 2.0 profile through the connector's mapping; its e-mail counts as verified only if mapped so. */
export function identityFromProfile(
  profile: Record<string, unknown>,
  map: OAuth2Config['profileMap'],
): RemoteIdentity | undefined {
  const id = profile[map.id];
  if ((typeof id !== 'string' || id === '') && typeof id !== 'number') return undefined;
  const email = text(profile[map.email])?.toLowerCase();
  return {
    id: String(id),
    ...(email ? { email } : {}),
    emailVerified: Boolean(email) && map.emailVerified !== undefined && profile[map.emailVerified] === true,
    ...(text(profile[map.name]) ? { name: text(profile[map.name]) } : {}),
    ...(text(profile[map.avatar]) ? { avatar: text(profile[map.avatar]) } : {}),
  };
}

/** Logto's `details` of an identity under `identities[target]`. */
export function identityDetails(identity: RemoteIdentity): Record<string, unknown> {
  const { id, email, name, avatar } = identity;
  return { id, ...(email ? { email } : {}), ...(name ? { name } : {}), ...(avatar ? { avatar } : {}) };
}
