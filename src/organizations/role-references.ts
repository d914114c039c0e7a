import type { Kysely } from 'kysely';
import { apiError } from '../http/error-registry.js';
import type { Database } from '../storage/schema.js';
import { assertIdsExist } from './known-ids.js';
import { findNamedByNames } from './named-entities.repository.js';

/** Organization roles named by id, by name, or both, as Logto's role-assignment bodies allow. */
export interface RoleReferences {
  organizationRoleIds?: readonly string[];
  organizationRoleNames?: readonly string[];
}

/**
 * The ids of every role referenced, without repeats; unknown ids are a 422 naming them
 * (entity.relation_foreign_key_not_found), unknown names a 422 `organization.role_names_not_found`.
 */
export async function resolveRoleIds(db: Kysely<Database>, refs: RoleReferences): Promise<string[]> {
  const ids = [...new Set(refs.organizationRoleIds ?? [])];
  await assertIdsExist(db, 'organization_roles', ids);
  const names = [...new Set(refs.organizationRoleNames ?? [])];
  const named = await findNamedByNames(db, 'organization_roles', names);
  const missing = names.filter((name) => !named.some((row) => row.name === name));
  if (missing.length > 0) {
    throw apiError('organization.role_names_not_found', { names: missing });
  }
  return [...new Set([...ids, ...named.map((row) => row.id)])];
}
