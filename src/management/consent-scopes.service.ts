import type { Config } from '../config.js';
import { apiError } from '../http/error-registry.js';
import type { Db } from '../storage/database.js';
import { getApplication } from './applications.service.js';
import * as changes from './consent-scope-changes.repository.js';
import * as repository from './consent-scopes.repository.js';

/** Logto's `UserScope` values an application may be assigned. */
export const USER_CONSENT_SCOPES = [
  'profile',
  'email',
  'phone',
  'address',
  'custom_data',
  'identities',
  'roles',
  'urn:logto:scope:organizations',
  'urn:logto:scope:organization_roles',
] as const;
export type UserConsentScope = (typeof USER_CONSENT_SCOPES)[number];

export interface ConsentScopesInput {
  organizationScopes?: string[] | undefined;
  resourceScopes?: string[] | undefined;
  organizationResourceScopes?: string[] | undefined;
  userScopes?: UserConsentScope[] | undefined;
}

/** As Logto: only a third-party application is assigned what its users consent to (422). */
async function assertThirdParty(db: Db, applicationId: string): Promise<void> {
  const application = await getApplication(db, applicationId);
  if (!application.is_third_party) throw apiError('application.third_party_application_only');
}

/** Every id names an existing scope (422 listing the others), and none is the management API's. */
async function assertAssignable(db: Db, config: Config, input: ConsentScopesInput): Promise<void> {
  const organizationIds = input.organizationScopes ?? [];
  const resourceIds = input.resourceScopes ?? [];
  const organizationResourceIds = input.organizationResourceScopes ?? [];
  const [organizationFound, resourceFound] = await Promise.all([
    repository.existingOrganizationScopeIds(db, organizationIds),
    repository.resourceScopesByIds(db, [...resourceIds, ...organizationResourceIds]),
  ]);
  const found = new Set(resourceFound.map((row) => row.id));
  const missing = {
    invalidOrganizationScopes: organizationIds.filter((id) => !organizationFound.has(id)),
    invalidResourceScopes: resourceIds.filter((id) => !found.has(id)),
    invalidOrganizationResourceScopes: organizationResourceIds.filter((id) => !found.has(id)),
  };
  if (Object.values(missing).some((ids) => ids.length > 0)) {
    throw apiError('application.user_consent_scopes_not_found', missing);
  }
  if (resourceFound.some((row) => row.indicator === config.managementApiIndicator)) {
    throw apiError('application.consent_management_api_scopes_not_allowed');
  }
}

export async function assignConsentScopes(
  db: Db,
  config: Config,
  applicationId: string,
  input: ConsentScopesInput,
): Promise<void> {
  await assertThirdParty(db, applicationId);
  await assertAssignable(db, config, input);
  await db.transaction().execute(async (trx) => {
    await changes.insertOrganizationScopes(trx, applicationId, input.organizationScopes ?? []);
    await changes.insertResourceScopes(trx, applicationId, input.resourceScopes ?? [], false);
    await changes.insertResourceScopes(trx, applicationId, input.organizationResourceScopes ?? [], true);
    await changes.insertUserScopes(trx, applicationId, input.userScopes ?? []);
  });
}

interface ResourceGroup {
  resource: { id: string; name: string; indicator: string };
  scopes: { id: string; name: string; description: string | null }[];
}

function groupByResource(rows: repository.ConsentResourceScopeRow[]): ResourceGroup[] {
  const groups = new Map<string, ResourceGroup>();
  for (const row of rows) {
    let group = groups.get(row.resource_id);
    if (!group) {
      group = {
        resource: { id: row.resource_id, name: row.resource_name, indicator: row.indicator },
        scopes: [],
      };
      groups.set(row.resource_id, group);
    }
    group.scopes.push({ id: row.id, name: row.name, description: row.description });
  }
  return [...groups.values()];
}

/** Logto's `ApplicationUserConsentScopesResponse`; any application may be read (404 if none). */
export async function listConsentScopes(db: Db, applicationId: string) {
  await getApplication(db, applicationId);
  const [organizationScopes, resourceScopes, organizationResourceScopes, userScopes] = await Promise.all([
    repository.organizationScopesOf(db, applicationId),
    repository.resourceScopesOf(db, applicationId, false),
    repository.resourceScopesOf(db, applicationId, true),
    repository.userScopesOf(db, applicationId),
  ]);
  return {
    organizationScopes,
    resourceScopes: groupByResource(resourceScopes),
    organizationResourceScopes: groupByResource(organizationResourceScopes),
    userScopes: userScopes.filter((scope): scope is UserConsentScope =>
      (USER_CONSENT_SCOPES as readonly string[]).includes(scope),
    ),
  };
}

export async function removeConsentScope(
  db: Db,
  applicationId: string,
  type: changes.ConsentScopeType,
  scopeId: string,
): Promise<void> {
  await getApplication(db, applicationId);
  await changes.deleteConsentScope(db, applicationId, type, scopeId);
}
