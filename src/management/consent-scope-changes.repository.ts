import type { Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Database } from '../storage/schema.js';

type Trx = Transaction<Database>;

export async function insertOrganizationScopes(trx: Trx, applicationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await trx
    .insertInto('application_user_consent_organization_scopes')
    .values(ids.map((id) => ({ application_id: applicationId, organization_scope_id: id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertResourceScopes(
  trx: Trx,
  applicationId: string,
  ids: readonly string[],
  forOrganizations: boolean,
) {
  if (ids.length === 0) return;
  await trx
    .insertInto('application_user_consent_resource_scopes')
    .values(
      ids.map((id) => ({ application_id: applicationId, scope_id: id, for_organizations: forOrganizations })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertUserScopes(trx: Trx, applicationId: string, scopes: readonly string[]) {
  if (scopes.length === 0) return;
  await trx
    .insertInto('application_user_consent_user_scopes')
    .values(scopes.map((scope) => ({ application_id: applicationId, user_scope: scope })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export type ConsentScopeType =
  'organization-scopes' | 'resource-scopes' | 'organization-resource-scopes' | 'user-scopes';

export async function deleteConsentScope(
  db: Db,
  applicationId: string,
  type: ConsentScopeType,
  scopeId: string,
): Promise<void> {
  switch (type) {
    case 'organization-scopes':
      await db
        .deleteFrom('application_user_consent_organization_scopes')
        .where('application_id', '=', applicationId)
        .where('organization_scope_id', '=', scopeId)
        .execute();
      return;
    case 'resource-scopes':
    case 'organization-resource-scopes':
      await db
        .deleteFrom('application_user_consent_resource_scopes')
        .where('application_id', '=', applicationId)
        .where('for_organizations', '=', type === 'organization-resource-scopes')
        .where('scope_id', '=', scopeId)
        .execute();
      return;
    case 'user-scopes':
      await db
        .deleteFrom('application_user_consent_user_scopes')
        .where('application_id', '=', applicationId)
        .where('user_scope', '=', scopeId)
        .execute();
      return;
  }
}
