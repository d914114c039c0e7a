import type { Db } from '../storage/database.js';
import {
  hasConsentScopes,
  organizationScopesOf,
  resourceScopesOf,
  userScopesOf,
} from '../management/consent-scopes.repository.js';
import {
  ORGANIZATION_RESOURCE,
  ORGANIZATION_ROLES_SCOPE,
  ORGANIZATIONS_SCOPE,
} from './organization-tokens.js';

// The user scopes Logto assigns that are OpenID scopes here; the others name no claims of ours.
const PROVIDER_USER_SCOPES = new Set([
  'profile',
  'email',
  'phone',
  ORGANIZATIONS_SCOPE,
  ORGANIZATION_ROLES_SCOPE,
]);

/**
 * The client `scope` of a third-party application, as Logto: `openid`, `offline_access` and its
 * user-consent user scopes, so oidc-provider refuses any other OpenID scope (`invalid_scope`).
 * An application with nothing assigned yet has none and keeps asking for what it requests, so
 * applications made before the consent list keep working (docs/compatibility.md).
 */
export async function thirdPartyClientScope(db: Db, applicationId: string): Promise<string | undefined> {
  if (!(await hasConsentScopes(db, applicationId))) return undefined;
  const assigned = (await userScopesOf(db, applicationId)).filter((scope) => PROVIDER_USER_SCOPES.has(scope));
  return ['openid', 'offline_access', ...assigned].join(' ');
}

/**
 * The scopes of a resource a third-party application may carry, as Logto filters them: for the
 * organization resource its organization scopes, for an API its resource scopes, or with
 * `organization_id` its organization resource scopes. oidc-provider drops the rest silently, so
 * the consent page never lists them and no token carries them. Undefined: no list, no filter.
 */
export async function thirdPartyResourceScopes(
  db: Db,
  applicationId: string,
  indicator: string,
  forOrganization: boolean,
): Promise<Set<string> | undefined> {
  if (!(await hasConsentScopes(db, applicationId))) return undefined;
  if (indicator === ORGANIZATION_RESOURCE) {
    return new Set((await organizationScopesOf(db, applicationId)).map((scope) => scope.name));
  }
  const rows = await resourceScopesOf(db, applicationId, forOrganization);
  return new Set(rows.filter((row) => row.indicator === indicator).map((row) => row.name));
}
