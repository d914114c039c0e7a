import { z } from 'zod';
import { boundedJsonObject } from '../http/bounded-json.js';
import { unsupportedMember } from '../http/request-members.js';
import { searchQuery } from '../http/search-query.js';
import { jsonObject } from '../http/route-schemas.js';

const jsonInput = boundedJsonObject();

export const applicationTypes = [
  'Native',
  'SPA',
  'Traditional',
  'MachineToMachine',
  'Protected',
  'SAML',
] as const;

const unsafeSchemes = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

/**
 * An absolute redirect URI without fragment (RFC 6749 3.1.2): http(s) with a host, or a native
 * app's private-use scheme (RFC 8252 7.1); script-bearing schemes are refused.
 */
const redirectUri = z
  .string()
  .max(2048)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.hash || value.includes('#') || unsafeSchemes.has(url.protocol)) return false;
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname !== '' : true;
  }, 'must be an absolute URL without fragment');

const uriList = z.array(redirectUri).max(100);

// Logto's members for logout notification and logos: refused, as Tessera sends no back-channel
// logout and shows no application logo.
const unsupportedClientMetadata = {
  backchannelLogoutUri: unsupportedMember('back-channel logout is not implemented'),
  backchannelLogoutSessionRequired: unsupportedMember('back-channel logout is not implemented'),
  logoUri: unsupportedMember('application logos are not implemented'),
};

export const oidcClientMetadata = z
  .object({
    redirectUris: uriList.default([]),
    postLogoutRedirectUris: uriList.default([]),
    ...unsupportedClientMetadata,
  })
  .strict();

// Logto's protected apps (an authentication proxy in front of a site) do not exist here.
const protectedAppMetadata = unsupportedMember('protected apps are not implemented');

const maxAllowedGrants = z.int().positive().max(1000);

/**
 * Logto's other members are stored and echoed so migrated settings survive a round trip; only
 * `allowTokenExchange` and `maxAllowedGrants` change behaviour here (docs/compatibility.md).
 */
const logtoClientMetadata = {
  corsAllowedOrigins: z.array(z.url().max(2048)).max(100),
  idTokenTtl: z.int().positive().max(86_400),
  refreshTokenTtl: z.int().positive().max(63_072_000),
  refreshTokenTtlInDays: z.int().min(1).max(730),
  alwaysIssueRefreshToken: z.boolean(),
  rotateRefreshToken: z.boolean(),
};

const customClientMetadataInput = z
  .object({ allowTokenExchange: z.boolean(), maxAllowedGrants, ...logtoClientMetadata })
  .partial();

export const createApplicationBody = z.object({
  name: z.string().trim().min(1).max(256),
  type: z.enum(applicationTypes),
  description: z.string().max(2048).nullish(),
  isThirdParty: z.boolean().default(false),
  oidcClientMetadata: oidcClientMetadata.optional(),
  customClientMetadata: customClientMetadataInput.optional(),
  customData: jsonInput.optional(),
  protectedAppMetadata,
});

/** Partial update; nested metadata is merged member by member, `maxAllowedGrants: null` lifts the limit. */
export const updateApplicationBody = z.object({
  name: z.string().trim().min(1).max(256).optional(),
  description: z.string().max(2048).nullish(),
  isThirdParty: z.boolean().optional(),
  oidcClientMetadata: z
    .object({
      redirectUris: uriList.optional(),
      postLogoutRedirectUris: uriList.optional(),
      ...unsupportedClientMetadata,
    })
    .strict()
    .optional(),
  customClientMetadata: customClientMetadataInput
    .extend({ maxAllowedGrants: maxAllowedGrants.nullish() })
    .optional(),
  customData: jsonInput.optional(),
  protectedAppMetadata,
  isAdmin: unsupportedMember(
    'management API access is given by a role with the management API scope (`PUT /api/applications/:id/roles`)',
  ),
});

export const applicationResponse = z.object({
  id: z.string(),
  secret: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(applicationTypes),
  isThirdParty: z.boolean(),
  oidcClientMetadata: z.object({
    redirectUris: z.array(z.string()),
    postLogoutRedirectUris: z.array(z.string()),
  }),
  customClientMetadata: customClientMetadataInput,
  protectedAppMetadata: z
    .object({ subDomain: z.string(), origin: z.string() })
    .nullable()
    .describe('Logto’s protected-app settings: always null, Tessera has no protected apps'),
  customData: jsonObject,
  createdAt: z.number().describe('epoch milliseconds'),
});

export const listApplicationsQuery = searchQuery.extend({
  types: z
    .union([z.enum(applicationTypes), z.array(z.enum(applicationTypes))])
    .optional()
    .describe('Only applications of these types'),
  isThirdParty: z.enum(['true', 'false']).optional(),
  excludeRoleId: z.string().min(1).max(128).optional(),
  excludeOrganizationId: z.string().min(1).max(128).optional(),
});

export const customDataPatch = jsonObject;

export type CreateApplicationInput = z.infer<typeof createApplicationBody>;
export type UpdateApplicationInput = z.infer<typeof updateApplicationBody>;
export type ApplicationResponse = z.infer<typeof applicationResponse>;
