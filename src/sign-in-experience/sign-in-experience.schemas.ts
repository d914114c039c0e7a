import { z } from 'zod';
import {
  brandingSettings,
  colorSettings,
  languageInfo,
  mfaFactor,
  mfaSettingsBase,
  passwordPolicyBase,
  pageSettings,
  pageSettingsPatch,
  sentinelPolicy,
  signInMethod,
  socialTargets,
  signUpSettings,
} from './sign-in-experience.members.js';

export { mfaFactor };

const signInSettings = z.object({
  methods: z
    .array(
      signInMethod.refine((method) => method.identifier !== 'username' || !method.verificationCode, {
        message: 'no code can be sent to a username',
      }),
    )
    .max(3)
    .refine((methods) => new Set(methods.map((m) => m.identifier)).size === methods.length, {
      message: 'one method per identifier',
    }),
});

export const passwordPolicy = passwordPolicyBase.refine((policy) => policy.length.min <= policy.length.max, {
  message: 'length.min exceeds length.max',
});

/**
 * Logto's `mfa` member. No factors: MFA is off. The policy says when a user without a factor is
 * asked to bind one (see `mfaPrompt` in src/mfa/policy.ts). Backup codes only back another factor up.
 */
export const mfaSettings = mfaSettingsBase
  .refine((mfa) => new Set(mfa.factors).size === mfa.factors.length, { message: 'factors repeat' })
  .refine((mfa) => !(mfa.factors.length === 1 && mfa.factors[0] === 'BackupCode'), {
    message: 'BackupCode cannot be the only factor',
  });

export const signInExperience = z.object({
  id: z.string(),
  signUp: signUpSettings,
  signIn: signInSettings,
  passwordPolicy,
  mfa: mfaSettings,
  branding: brandingSettings,
  color: colorSettings,
  languageInfo,
  sentinelPolicy,
  socialSignInConnectorTargets: socialTargets,
  ...pageSettings,
});

/**
 * PATCH bodies: every object member may be partial (and nested objects again); what is given is
 * merged into the stored settings, arrays and scalars replace. The merged whole is then checked
 * against `signInExperience`, so cross-member rules (min ≤ max) still hold.
 */
export const signInExperiencePatch = z.object({
  signUp: signUpSettings.partial().optional(),
  signIn: signInSettings.partial().optional(),
  passwordPolicy: z
    .object({
      length: passwordPolicyBase.shape.length.partial(),
      characterTypes: passwordPolicyBase.shape.characterTypes.partial(),
      rejects: passwordPolicyBase.shape.rejects.partial(),
    })
    .partial()
    .optional(),
  mfa: mfaSettingsBase.partial().optional(),
  branding: brandingSettings.partial().optional(),
  color: colorSettings.partial().optional(),
  languageInfo: languageInfo.partial().optional(),
  sentinelPolicy: sentinelPolicy.optional(),
  socialSignInConnectorTargets: socialTargets.optional(),
  ...pageSettingsPatch,
});

export type SignInExperience = z.infer<typeof signInExperience>;
export type SignInExperiencePatch = z.infer<typeof signInExperiencePatch>;
export type PasswordPolicy = z.infer<typeof passwordPolicy>;
export type MfaSettings = z.infer<typeof mfaSettings>;

export const defaultSignInExperience: SignInExperience = {
  id: 'default',
  signUp: {
    identifiers: ['username', 'email', 'phone'],
    password: false,
    verify: true,
    secondaryIdentifiers: [],
  },
  signIn: {
    methods: [
      { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
      { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
      { identifier: 'phone', password: true, verificationCode: true, isPasswordPrimary: true },
    ],
  },
  passwordPolicy: {
    length: { min: 8, max: 256 },
    characterTypes: { min: 1 },
    rejects: { userInfo: true, repetitionAndSequence: false, words: [], pwned: false },
  },
  mfa: { factors: [], policy: 'UserControlled' },
  branding: {},
  color: { primaryColor: '#0b5cad', isDarkModeEnabled: false, darkPrimaryColor: '#7cb7ff' },
  languageInfo: { autoDetect: true, fallbackLanguage: 'en' },
  sentinelPolicy: {},
  termsOfUseUrl: null,
  privacyPolicyUrl: null,
  agreeToTermsPolicy: 'Automatic',
  signInMode: 'SignInAndRegister',
  customCss: null,
  supportEmail: null,
  supportWebsiteUrl: null,
  socialSignInConnectorTargets: [],
  singleSignOnEnabled: false,
};
