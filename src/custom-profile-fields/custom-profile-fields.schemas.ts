import { z } from 'zod';
import type { CustomProfileFieldsTable } from '../storage/tables/custom-profile-fields.js';

/** Logto's `CustomProfileFieldType`. */
export const fieldType = z.enum([
  'Text',
  'Number',
  'Date',
  'Checkbox',
  'Select',
  'Url',
  'Regex',
  'Address',
  'Fullname',
]);

const option = z.object({ label: z.string().max(128).optional(), value: z.string().min(1).max(128) });

const baseConfig = z.object({
  placeholder: z.string().max(256).optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  format: z.string().max(128).optional().describe('The date format (Date) or the pattern (Regex)'),
  customFormat: z.string().max(128).optional().describe('The date format when `format` is `custom`'),
  options: z.array(option).max(100).optional().describe('The choices of a Select field'),
  defaultValue: z.string().max(256).optional(),
});

/** A part of an Address or Fullname field: a field of its own, with no parts. */
const part = z.object({
  enabled: z.boolean(),
  name: z.string().min(1).max(128),
  type: fieldType,
  label: z.string().max(128).optional(),
  description: z.string().max(256).optional(),
  required: z.boolean(),
  config: baseConfig.optional(),
});

export const fieldConfig = baseConfig.extend({
  parts: z.array(part).max(20).optional().describe('The parts of an Address or Fullname field'),
});

const fieldMembers = {
  type: fieldType,
  label: z.string().max(128).optional(),
  description: z.string().max(256).nullable().optional(),
  required: z.boolean(),
  config: fieldConfig.optional(),
};

export const fieldName = z.string().max(128);
export const nameParams = z.object({ name: fieldName });

export const createFieldBody = z.object({ name: fieldName, ...fieldMembers });

/** Logto ignores a `name` or `sieOrder` sent to PUT: neither is changed there. */
export const updateFieldBody = z.object({
  ...fieldMembers,
  name: fieldName.optional().describe('Ignored: a field keeps its name'),
  sieOrder: z
    .number()
    .optional()
    .describe('Ignored: see POST /api/custom-profile-fields/properties/sie-order'),
});

export const sieOrderBody = z.object({
  order: z
    .array(z.object({ name: fieldName, sieOrder: z.number().int().min(0).max(32_767) }))
    .min(1)
    .max(100),
});

export const customProfileField = z.object({
  tenantId: z.literal('default'),
  id: z.string(),
  name: z.string(),
  type: fieldType,
  label: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  config: fieldConfig,
  createdAt: z.number(),
  sieOrder: z.number(),
});

export type CreateFieldInput = z.infer<typeof createFieldBody>;
export type CustomProfileField = z.infer<typeof customProfileField>;
type FieldRow = Omit<CustomProfileFieldsTable, 'config' | 'created_at'> & {
  config: CustomProfileField['config'];
  created_at: Date;
};

export function toCustomProfileField(row: FieldRow): CustomProfileField {
  return {
    tenantId: 'default',
    id: row.id,
    name: row.name,
    type: row.type,
    label: row.label,
    description: row.description,
    required: row.required,
    config: row.config,
    createdAt: row.created_at.getTime(),
    sieOrder: row.sie_order,
  };
}
