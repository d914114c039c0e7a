import { z } from 'zod';
import { searchQuery } from '../http/search-query.js';
import { idList } from '../http/route-schemas.js';

export const roleTypes = ['User', 'MachineToMachine'] as const;

const name = z.string().trim().min(1).max(128);
const description = z.string().max(2048);

export const createRoleBody = z.object({
  name,
  description,
  type: z.enum(roleTypes).default('User'),
  isDefault: z.boolean().default(false),
  scopeIds: idList.optional(),
});

export const updateRoleBody = z.object({
  name: name.optional(),
  description: description.optional(),
  isDefault: z.boolean().optional(),
});

export const roleResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(roleTypes),
  isDefault: z.boolean(),
});

export const listRolesQuery = searchQuery.extend({
  type: z.enum(roleTypes).optional(),
  excludeUserId: z.string().min(1).max(128).optional().describe('Leave out the roles this user holds'),
  excludeApplicationId: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('Leave out the roles this application holds'),
});

export const scopeIdsBody = z.object({ scopeIds: idList });
export const roleIdsBody = z.object({ roleIds: idList });
export const roleScopeParams = z.object({ id: z.string().min(1), scopeId: z.string().min(1) });

export type CreateRoleInput = z.infer<typeof createRoleBody>;
export type UpdateRoleInput = z.infer<typeof updateRoleBody>;
export type RoleResponse = z.infer<typeof roleResponse>;
