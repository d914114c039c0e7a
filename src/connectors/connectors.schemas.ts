import { z } from 'zod';
import { jsonObject } from '../http/route-schemas.js';
import { formItem } from './form-items.js';

const localized = z.record(z.string(), z.string());

export const connectorMetadata = z
  .object({
    target: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w.-]+$/, 'letters, digits, `_`, `.`, `-`')
      .optional(),
    name: localized.optional(),
    logo: z.string().max(2000).optional(),
    logoDark: z.string().max(2000).nullable().optional(),
  })
  .strict();

export const createConnectorBody = z.object({
  connectorId: z.string().min(1).max(128),
  config: jsonObject.optional(),
  metadata: connectorMetadata.optional(),
  syncProfile: z.boolean().optional(),
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/)
    .optional(),
});

export const updateConnectorBody = z.object({
  config: jsonObject.optional(),
  metadata: connectorMetadata.optional(),
  syncProfile: z.boolean().optional(),
});

export const connectorType = z.enum(['Email', 'Sms', 'Social']);

/** A factory as `GET /connector-factories` lists it (Logto's shape, English texts only). */
export const factoryResponse = z.object({
  id: z.string(),
  type: connectorType,
  target: z.string(),
  name: localized,
  description: localized,
  logo: z.string(),
  logoDark: z.string().nullable(),
  readme: z.string(),
  configTemplate: z.string(),
  platform: z.string().nullable(),
  isStandard: z.boolean(),
  isDemo: z.boolean(),
  formItems: z.array(formItem),
});

/** A connector: its factory's description merged with its own metadata, secrets masked. */
export const connectorResponse = factoryResponse.omit({ id: true }).extend({
  id: z.string(),
  connectorId: z.string(),
  syncProfile: z.boolean(),
  enableTokenStorage: z.boolean(),
  config: jsonObject,
  metadata: jsonObject,
});
export type ConnectorResponse = z.infer<typeof connectorResponse>;

export const testConnectorBody = z.union([
  z.object({ email: z.string().trim().toLowerCase().email(), config: jsonObject }),
  z.object({
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{4,32}$/),
    config: jsonObject,
  }),
]);
