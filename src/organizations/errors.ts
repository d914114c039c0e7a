import type { ApiError } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';

/** Errors of the organizations domain, with Logto's codes where Logto has one. */

const labels = {
  users: 'user',
  applications: 'application',
  organization_roles: 'organization role',
  organization_scopes: 'organization scope',
  organizations: 'organization',
  sso_connectors: 'SSO connector',
  scopes: 'resource scope',
} as const;

/** Ids in a body that name nothing: 422, as Logto answers a foreign key miss; nothing is applied. */
export const unknownIds = (kind: keyof typeof labels, ids: readonly string[]): ApiError =>
  apiError('entity.relation_foreign_key_not_found#ids', { label: labels[kind], ids });

export const notRelated = (what: string, id: string, organizationId: string): ApiError =>
  apiError('entity.not_found#in_organization', { what, id, organizationId });

/** Ids (users or applications) that are not members: 422, as Logto answers. */
export const requireMembership = (memberIds: readonly string[], organizationId: string) =>
  apiError('organization.require_membership', { memberIds, organizationId });
