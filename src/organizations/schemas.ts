import { z } from 'zod';
import { epochMillis } from '../http/epoch-millis.js';
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
const ids = z.array(z.string().min(1).max(256));

export const organization = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  customData,
  createdAt: z.number(),
});

export const createOrganizationBody = z.object({
  name,
  description: description.optional(),
  customData: customData.optional(),
});
export const updateOrganizationBody = createOrganizationBody.partial();

export const organizationRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});

export const roleReference = z.object({ id: z.string(), name: z.string() });
export const organizationRoleWithScopes = organizationRole.extend({ scopes: z.array(roleReference) });

export const createRoleBody = z.object({
  name,
  description: description.optional(),
  organizationScopeIds: ids.optional(),
});
export const updateRoleBody = z.object({ name: name.optional(), description: description.optional() });

export const organizationScope = organizationRole;
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

/** A member as listed by `GET /organizations/:id/users`: the user's public profile and its roles here. */
export const organizationUser = userResponse
  .omit({ hasPassword: true })
  .extend({ organizationRoles: z.array(roleReference) });

/** An application member; never its secret. */
export const organizationApplication = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  isThirdParty: z.boolean(),
  createdAt: z.number(),
});

export const invitationStatus = z.enum(['Pending', 'Accepted', 'Revoked', 'Expired']);

export const invitation = z.object({
  id: z.string(),
  inviterId: z.string().nullable(),
  invitee: z.string(),
  acceptedUserId: z.string().nullable(),
  organizationId: z.string(),
  status: invitationStatus,
  expiresAt: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  organizationRoles: z.array(roleReference),
});

export const createInvitationBody = z.object({
  inviterId: z.string().min(1).nullable().optional(),
  invitee: z.email().max(320),
  organizationId: z.string().min(1),
  expiresAt: epochMillis.positive(),
  organizationRoleIds: ids.optional(),
});

export const invitationsQuery = pageQuery.extend({
  organizationId: z.string().optional(),
  inviterId: z.string().optional(),
  invitee: z.string().optional(),
});

export const invitationStatusBody = z.object({
  status: z.enum(['Accepted', 'Revoked']),
  acceptedUserId: z.string().min(1).nullable().optional(),
});

export type Organization = z.infer<typeof organization>;
export type OrganizationRole = z.infer<typeof organizationRole>;
export type OrganizationScope = z.infer<typeof organizationScope>;
export type Invitation = z.infer<typeof invitation>;
export type OrganizationUser = z.infer<typeof organizationUser>;
export type OrganizationApplication = z.infer<typeof organizationApplication>;
