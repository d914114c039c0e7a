import { ApiError } from '../http/errors.js';

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
export function unknownIds(kind: keyof typeof labels, ids: readonly string[]): ApiError {
  const shown = ids.slice(0, 10).join(', ');
  const more = ids.length > 10 ? ', ...' : '';
  return new ApiError(
    422,
    'entity.relation_foreign_key_not_found',
    `Unknown ${labels[kind]} id(s): ${shown}${more}.`,
    { [`${camel(labels[kind])}Ids`]: ids },
  );
}

export function notRelated(what: string, id: string, organizationId: string): ApiError {
  return new ApiError(404, 'entity.not_found', `The ${what} \`${id}\` is not in \`${organizationId}\`.`, {
    id,
  });
}

/** Ids (users or applications) that are not members: 422, as Logto answers. */
export const requireMembership = (memberIds: readonly string[], organizationId: string) =>
  new ApiError(
    422,
    'organization.require_membership',
    `Not a member of the organization \`${organizationId}\`: ${memberIds.slice(0, 10).join(', ')}.`,
    { memberIds: memberIds.slice(0, 100) },
  );

function camel(label: string): string {
  return label.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
}
