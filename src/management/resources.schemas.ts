import { z } from 'zod';

/** RFC 8707: an absolute URI without a fragment. */
const indicator = z
  .url()
  .max(2048)
  .refine((value) => !value.includes('#'), 'must not contain a fragment');
const accessTokenTtl = z.int().min(1).max(2_592_000).describe('seconds');

export const createResourceBody = z.object({
  name: z.string().trim().min(1).max(256),
  indicator,
  accessTokenTtl: accessTokenTtl.default(3600),
});

export const updateResourceBody = z.object({
  name: z.string().trim().min(1).max(256).optional(),
  indicator: indicator.optional(),
  accessTokenTtl: accessTokenTtl.optional(),
});

export const resourceResponse = z.object({
  id: z.string(),
  name: z.string(),
  indicator: z.string(),
  accessTokenTtl: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.number().describe('epoch milliseconds'),
});

export const listResourcesQuery = z.object({ search: z.string().max(256).optional() });

const scopeName = z.string().min(1).max(256).regex(/^\S+$/, 'must not contain spaces');
const scopeDescription = z.string().max(2048);

export const createScopeBody = z.object({ name: scopeName, description: scopeDescription.nullish() });
export const updateScopeBody = z.object({
  name: scopeName.optional(),
  description: scopeDescription.nullish(),
});

export const scopeResponse = z.object({
  id: z.string(),
  resourceId: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.number().describe('epoch milliseconds'),
});

export const resourceIdParams = z.object({ resourceId: z.string().min(1).max(128) });
export const scopeParams = resourceIdParams.extend({ scopeId: z.string().min(1).max(128) });

export type CreateResourceInput = z.infer<typeof createResourceBody>;
export type UpdateResourceInput = z.infer<typeof updateResourceBody>;
export type ResourceResponse = z.infer<typeof resourceResponse>;
export type CreateScopeInput = z.infer<typeof createScopeBody>;
export type UpdateScopeInput = z.infer<typeof updateScopeBody>;
export type ScopeResponse = z.infer<typeof scopeResponse>;
