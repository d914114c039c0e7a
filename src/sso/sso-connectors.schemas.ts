import { z } from 'zod';
import { jsonObject } from '../http/route-schemas.js';
import { maskSecrets, type SecretPolicy } from '../connectors/secrets.js';
import type { SsoConnectorRow } from './sso-connectors.repository.js';

/** The client secret goes to the token endpoint that discovery at the issuer names. */
export const ssoSecretPolicy: SecretPolicy = { secrets: ['clientSecret'], destinations: ['issuer'] };

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'a domain such as example.com');

const branding = z
  .object({
    displayName: z.string().max(128).optional(),
    logo: z.string().max(2000).optional(),
    darkLogo: z.string().max(2000).optional(),
  })
  .strict();

export const createSsoConnectorBody = z.object({
  providerName: z.literal('OIDC'),
  connectorName: z.string().trim().min(1).max(128),
  config: jsonObject.optional(),
  domains: z.array(domain).max(100).optional(),
  branding: branding.optional(),
  syncProfile: z.boolean().optional(),
});

export const updateSsoConnectorBody = createSsoConnectorBody.omit({ providerName: true }).partial();

export const ssoConnectorResponse = z.object({
  id: z.string(),
  providerName: z.string(),
  providerType: z.string(),
  connectorName: z.string(),
  name: z.string(),
  config: jsonObject,
  domains: z.array(z.string()),
  branding: jsonObject,
  syncProfile: z.boolean(),
  providerLogo: z.string(),
  providerLogoDark: z.string(),
  createdAt: z.number(),
});

export function toSsoConnectorResponse(row: SsoConnectorRow): z.infer<typeof ssoConnectorResponse> {
  return {
    id: row.id,
    providerName: row.provider_name,
    providerType: 'oidc',
    connectorName: row.connector_name,
    name: row.connector_name,
    config: maskSecrets(row.config, ssoSecretPolicy.secrets),
    domains: row.domains,
    branding: row.branding,
    syncProfile: row.sync_profile,
    providerLogo: '',
    providerLogoDark: '',
    createdAt: row.created_at.getTime(),
  };
}
