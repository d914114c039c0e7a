import { boundedJsonObject } from '../http/bounded-json.js';
import { z } from 'zod';
import { pageQuery } from '../http/pagination.js';
import { userResponse } from '../users/users.schemas.js';

/** Shapes of the organizations API, as Logto sends them; timestamps are epoch milliseconds. */
export const idParams = z.object({ id: z.string().min(1) });

export const pageQueryOnly = pageQuery;

export const listQuery = pageQuery.extend({
  /** Case-insensitive substring search; `search` is accepted as an alias. */
  q: z.string().max(256).optional(),
  search: z.string().max(256).optional(),
});

const name = z.string().min(1).max(128);
const description = z.string().max(2048).nullable();
const customData = z.record(z.string(), z.unknown());
export const ids = z.array(z.string().min(1).max(256));

const imageUrl = z.url({ protocol: /^https?$/ }).max(2048);
const hexColor = z.string().regex(/^#[\da-f]{3}([\da-f]{3})?$/i, 'a colour such as #5d34f2');
/** Logto's organization branding members: stored and returned as given. */
export const branding = z
  .object({
    logoUrl: imageUrl,
    darkLogoUrl: imageUrl,
    favicon: imageUrl,
    darkFavicon: imageUrl,
  })
  .partial()
  .strict();
export const color = z
  .object({ primaryColor: hexColor, isDarkModeEnabled: z.boolean(), darkPrimaryColor: hexColor })
  .partial()
  .strict();

export const organization = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  customData,
  isMfaRequired: z.boolean(),
  branding,
  color,
  customCss: z.string().nullable(),
  createdAt: z.number(),
});

const featuredUser = z.object({ id: z.string(), avatar: z.string().nullable(), name: z.string().nullable() });
/** With `showFeatured`: the member count and a few members, as Logto lists organizations. */
export const listedOrganization = organization.extend({
  usersCount: z.number().optional(),
  featuredUsers: z.array(featuredUser).optional(),
});

export const organizationsQuery = pageQuery.extend({
  q: z.string().max(256).optional(),
  search: z.string().max(256).optional(),
  showFeatured: z.string().max(16).optional(),
});

export const createOrganizationBody = z.object({
  name,
  description: description.optional(),
  customData: boundedJsonObject().optional(),
  isMfaRequired: z.boolean().optional(),
  branding: branding.optional(),
  color: color.optional(),
  customCss: z.string().max(65536).nullable().optional(),
});
export const updateOrganizationBody = createOrganizationBody.partial();

export const organizationScope = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});
export const organizationRoleType = z.enum(['User', 'MachineToMachine']);
export const organizationRole = organizationScope.extend({ type: organizationRoleType });

export const roleReference = z.object({ id: z.string(), name: z.string() });
export const resourceScopeReference = roleReference.extend({ resource: roleReference });
export const organizationRoleWithScopes = organizationRole.extend({
  scopes: z.array(roleReference),
  resourceScopes: z.array(resourceScopeReference),
});

export const createRoleBody = z.object({
  name,
  description: description.optional(),
  organizationScopeIds: ids.optional(),
  resourceScopeIds: ids.optional(),
  type: organizationRoleType.optional().describe('who may hold the role; `User` unless given'),
});
export const updateRoleBody = z.object({
  name: name.optional(),
  description: description.optional(),
  type: organizationRoleType.optional(),
});
export const createScopeBody = z.object({ name, description: description.optional() });
export const updateScopeBody = createScopeBody.partial();

export const scopeIdsBody = z.object({ organizationScopeIds: ids });
export const nonEmptyScopeIdsBody = z.object({ organizationScopeIds: ids.min(1) });
export const userIdsBody = z.object({ userIds: ids });
export const nonEmptyUserIdsBody = z.object({ userIds: ids.min(1) });
export const applicationIdsBody = z.object({ applicationIds: ids });
export const nonEmptyApplicationIdsBody = z.object({ applicationIds: ids.min(1) });
export const roleIdsBody = z.object({ organizationRoleIds: ids });
export const nonEmptyRoleIdsBody = z.object({ organizationRoleIds: ids.min(1) });
/** Roles by id, by name, or both (Logto accepts either since 2025); neither is required. */
export const roleIdsOrNamesBody = z.object({
  organizationRoleIds: ids.optional(),
  organizationRoleNames: z.array(name).optional(),
});
export const resourceScopeIdsBody = z.object({ scopeIds: ids });
export const nonEmptyResourceScopeIdsBody = z.object({ scopeIds: ids.min(1) });
/** A resource scope as Logto lists it on an organization role. */
export const resourceScope = z.object({
  id: z.string(),
  resourceId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.number(),
});

/** A member as listed by `GET /organizations/:id/users`: the user's public profile and its roles here. */
export const organizationUser = userResponse
  .omit({ hasPassword: true })
  .extend({ organizationRoles: z.array(roleReference) });

/** An application member; never its secret. */
export type Organization = z.infer<typeof organization>;
export type OrganizationRole = z.infer<typeof organizationRole>;
export type OrganizationScope = z.infer<typeof organizationScope>;
export type OrganizationUser = z.infer<typeof organizationUser>;
