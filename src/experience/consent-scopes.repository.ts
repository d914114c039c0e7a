import type { Db } from '../storage/database.js';
import { ORGANIZATION_RESOURCE } from '../oidc/organization-tokens.js';

export interface DescribedResource {
  indicator: string;
  name: string;
  scopes: { name: string; description?: string }[];
}

/**
 * What a consent page shows for an API resource's requested scopes: the resource's name and each
 * scope's description as the operator wrote it (for Logto's organization resource, the
 * organization scopes'). A scope without one keeps only its name.
 */
export async function describeResourceScopes(
  db: Db,
  indicator: string,
  names: readonly string[],
): Promise<DescribedResource> {
  const organizations = indicator === ORGANIZATION_RESOURCE;
  const resource = organizations
    ? undefined
    : await db
        .selectFrom('resources')
        .select(['id', 'name'])
        .where('indicator', '=', indicator)
        .executeTakeFirst();
  const rows =
    names.length === 0
      ? []
      : organizations
        ? await db
            .selectFrom('organization_scopes')
            .select(['name', 'description'])
            .where('name', 'in', [...names])
            .execute()
        : resource
          ? await db
              .selectFrom('scopes')
              .select(['name', 'description'])
              .where('resource_id', '=', resource.id)
              .where('name', 'in', [...names])
              .execute()
          : [];
  const described = new Map(rows.map((row) => [row.name, row.description]));
  return {
    indicator,
    name: organizations ? 'Organizations' : (resource?.name ?? indicator),
    scopes: names.map((name) => {
      const description = described.get(name);
      return description ? { name, description } : { name };
    }),
  };
}
