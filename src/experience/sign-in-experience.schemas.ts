import { z } from 'zod';

const identifierType = z.enum(['username', 'email', 'phone']);

const signInMethod = z
  .object({ identifier: identifierType, password: z.boolean(), verificationCode: z.boolean() })
  .refine((method) => method.identifier !== 'username' || !method.verificationCode, {
    message: 'no code can be sent to a username',
  });

export const signUpSettings = z.object({
  /** Identifiers a new account may be registered with; empty: registration is closed. */
  identifiers: z.array(identifierType).max(3),
  /** Whether a registration must set a password (a username registration always does). */
  password: z.boolean(),
});

export const signInSettings = z.object({
  methods: z
    .array(signInMethod)
    .max(3)
    .refine((methods) => new Set(methods.map((m) => m.identifier)).size === methods.length, {
      message: 'one method per identifier',
    }),
});

export const passwordPolicy = z
  .object({
    length: z.object({ min: z.number().int().min(1).max(256), max: z.number().int().min(1).max(256) }),
    /** Of lower-case letters, upper-case letters, digits and symbols, how many kinds must appear. */
    characterTypes: z.object({ min: z.number().int().min(1).max(4) }),
    /** userInfo: the password may not equal or contain the username, e-mail or phone number. */
    rejects: z.object({ userInfo: z.boolean() }),
  })
  .refine((policy) => policy.length.min <= policy.length.max, { message: 'length.min exceeds length.max' });

export const mfaFactor = z.enum(['Totp', 'WebAuthn', 'BackupCode']);

/**
 * Logto's `mfa` member. No factors: MFA is off. `UserControlled`: users may bind a factor (a
 * registration is offered it, skippably); `Mandatory`: every sign-in and registration needs one.
 * Backup codes only back another factor up.
 */
export const mfaSettings = z
  .object({ factors: z.array(mfaFactor).max(3), policy: z.enum(['UserControlled', 'Mandatory']) })
  .refine((mfa) => new Set(mfa.factors).size === mfa.factors.length, { message: 'factors repeat' })
  .refine((mfa) => !(mfa.factors.length === 1 && mfa.factors[0] === 'BackupCode'), {
    message: 'BackupCode cannot be the only factor',
  });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');
const imageUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** What the hosted pages show: the product name and logo, the colours (Logto's `branding`/`color`). */
export const brandingSettings = z.object({
  name: z.string().trim().min(1).max(64).optional(),
  logoUrl: imageUrl.optional(),
  darkLogoUrl: imageUrl.optional(),
});
export const colorSettings = z.object({
  primaryColor: hexColor,
  isDarkModeEnabled: z.boolean(),
  darkPrimaryColor: hexColor,
});

/** Logto's `socialSignInConnectorTargets`: the social connectors offered on the sign-in page, in order. */
const socialTargets = z
  .array(
    z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w.-]+$/),
  )
  .max(50)
  .refine((targets) => new Set(targets).size === targets.length, { message: 'targets repeat' });

export const signInExperience = z.object({
  id: z.string(),
  signUp: signUpSettings,
  signIn: signInSettings,
  passwordPolicy,
  mfa: mfaSettings,
  branding: brandingSettings,
  color: colorSettings,
  socialSignInConnectorTargets: socialTargets,
  /** Enterprise SSO at the identifier step (e-mail domain routing); off: SSO verifications identify no one. */
  singleSignOnEnabled: z.boolean(),
});

export const signInExperiencePatch = z.object({
  signUp: signUpSettings.optional(),
  signIn: signInSettings.optional(),
  passwordPolicy: passwordPolicy.optional(),
  mfa: mfaSettings.optional(),
  branding: brandingSettings.optional(),
  color: colorSettings.optional(),
  socialSignInConnectorTargets: socialTargets.optional(),
  singleSignOnEnabled: z.boolean().optional(),
});

export type SignInExperience = z.infer<typeof signInExperience>;
export type SignInExperiencePatch = z.infer<typeof signInExperiencePatch>;
export type PasswordPolicy = z.infer<typeof passwordPolicy>;
export type MfaSettings = z.infer<typeof mfaSettings>;

export const defaultSignInExperience: SignInExperience = {
  id: 'default',
  signUp: { identifiers: ['username', 'email', 'phone'], password: false },
  signIn: {
    methods: [
      { identifier: 'username', password: true, verificationCode: false },
      { identifier: 'email', password: true, verificationCode: true },
      { identifier: 'phone', password: true, verificationCode: true },
    ],
  },
  passwordPolicy: { length: { min: 8, max: 256 }, characterTypes: { min: 1 }, rejects: { userInfo: true } },
  mfa: { factors: [], policy: 'UserControlled' },
  branding: {},
  color: { primaryColor: '#0b5cad', isDarkModeEnabled: false, darkPrimaryColor: '#7cb7ff' },
  socialSignInConnectorTargets: [],
  singleSignOnEnabled: false,
};
