import { z } from 'zod';

/** Logto's account center control values: hidden, shown, or shown and changeable by the user. */
export const controlValue = z.enum(['Off', 'ReadOnly', 'Edit']);
export type ControlValue = z.infer<typeof controlValue>;

export const accountFieldNames = [
  'name',
  'avatar',
  'profile',
  'email',
  'phone',
  'password',
  'username',
  'social',
  'customData',
  'mfa',
] as const;
export type AccountField = (typeof accountFieldNames)[number];

const fieldsShape = Object.fromEntries(accountFieldNames.map((name) => [name, controlValue.optional()])) as {
  [K in AccountField]: z.ZodOptional<typeof controlValue>;
};

export const accountCenterFields = z.object(fieldsShape);

const origin = z
  .string()
  .max(256)
  .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: scheme and host, no path');

export const accountCenter = z.object({
  id: z.string(),
  enabled: z.boolean().describe('Whether the Account API and the account center at /account answer'),
  fields: accountCenterFields.describe('Per field: Off (hidden), ReadOnly or Edit; an absent field is Off'),
  webauthnRelatedOrigins: z.array(origin).describe('Other origins allowed to register passkeys'),
});
export type AccountCenter = z.infer<typeof accountCenter>;

export const accountCenterPatch = z.object({
  enabled: z.boolean().optional(),
  fields: accountCenterFields.optional(),
  webauthnRelatedOrigins: z.array(origin).max(20).optional(),
});
export type AccountCenterPatch = z.infer<typeof accountCenterPatch>;

/**
 * Without stored settings the account center is on with every field the Account API serves
 * editable: the Account API answered before the setting existed (Logto starts disabled).
 */
export const defaultAccountCenter: AccountCenter = {
  id: 'default',
  enabled: true,
  fields: {
    name: 'Edit',
    avatar: 'Edit',
    profile: 'Edit',
    email: 'Edit',
    phone: 'Edit',
    password: 'Edit',
    username: 'Edit',
    social: 'Edit',
    customData: 'Off',
    mfa: 'Edit',
  },
  webauthnRelatedOrigins: [],
};
