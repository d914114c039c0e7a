import { z } from 'zod';

// The members of Logto's sign-in experience, each a plain object so that PATCH can take any part
// of it; the rules across fields are added where the whole is checked.

const identifierType = z.enum(['username', 'email', 'phone']);

export const signInMethod = z.object({
  identifier: identifierType,
  password: z.boolean(),
  verificationCode: z.boolean(),
  /** Which credential a sign-in page offers first; both stay allowed. */
  isPasswordPrimary: z.boolean().default(true),
});

export const signUpSettings = z.object({
  /** Identifiers a new account may be registered with (any one of them); empty: registration is closed. */
  identifiers: z.array(identifierType).max(3),
  /** Whether a registration must set a password (a username registration always does). */
  password: z.boolean(),
  /** Logto's switch; e-mail addresses and phone numbers are always verified by a code here. */
  verify: z.boolean(),
  /** Identifiers every account must have besides the one it registered with; checked at submit. */
  secondaryIdentifiers: z
    .array(
      z.object({
        identifier: z.enum(['username', 'email', 'phone', 'emailOrPhone']),
        verify: z.boolean().optional(),
      }),
    )
    .max(4),
});

const lengthLimit = z.number().int().min(1).max(256);

export const passwordPolicyBase = z.object({
  length: z.object({ min: lengthLimit, max: lengthLimit }),
  /** Of lower-case letters, upper-case letters, digits and symbols, how many kinds must appear. */
  characterTypes: z.object({ min: z.number().int().min(1).max(4) }),
  rejects: z.object({
    /** The password may not equal or contain the username, e-mail or phone number. */
    userInfo: z.boolean(),
    /** No runs like `aaaa` or `1234`/`abcd` (four or more characters). */
    repetitionAndSequence: z.boolean(),
    /** Words a password may not contain (case-insensitive). */
    words: z.array(z.string().trim().min(3).max(64)).max(1000),
    /** Stored for Logto compatibility; no breach service is asked (no outbound call per password). */
    pwned: z.boolean(),
  }),
});

export const mfaFactor = z.enum(['Totp', 'WebAuthn', 'BackupCode']);

/**
 * Logto's MFA policies. `UserControlled` is Logto's deprecated name of `PromptAtSignInAndSignUp`:
 * it is kept as given and behaves the same.
 */
export const mfaPolicy = z.enum([
  'PromptAtSignInAndSignUp',
  'PromptOnlyAtSignIn',
  'NoPrompt',
  'Mandatory',
  'UserControlled',
]);

export const mfaSettingsBase = z.object({
  factors: z.array(mfaFactor).max(3),
  policy: mfaPolicy,
});

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');
const webUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** What the hosted pages show: the product name and logo, the colours (Logto's `branding`/`color`). */
export const brandingSettings = z.object({
  name: z.string().trim().min(1).max(64).optional(),
  logoUrl: webUrl.optional(),
  darkLogoUrl: webUrl.optional(),
  favicon: webUrl.optional(),
  darkFavicon: webUrl.optional(),
});
export const colorSettings = z.object({
  primaryColor: hexColor,
  isDarkModeEnabled: z.boolean(),
  darkPrimaryColor: hexColor,
});

export const languageInfo = z.object({
  autoDetect: z.boolean(),
  fallbackLanguage: z
    .string()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'a language tag such as en or pt-BR'),
});

/**
 * Logto's lockout settings: failed verifications of one identifier (within the counting window)
 * before it is locked, and the lock's length in minutes. Unset or null: the TESSERA_LOCKOUT_*
 * settings apply.
 */
export const sentinelPolicy = z.object({
  maxAttempts: z.number().int().min(1).max(1000).nullable().optional(),
  lockoutDuration: z
    .number()
    .min(1 / 60)
    .max(60 * 24 * 30)
    .nullable()
    .optional()
    .describe('Minutes; fractions allowed down to one second'),
});

/** Logto's `socialSignInConnectorTargets`: the social connectors offered on the sign-in page, in order. */
export const socialTargets = z
  .array(
    z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w.-]+$/),
  )
  .max(50)
  .refine((targets) => new Set(targets).size === targets.length, { message: 'targets repeat' });

/** Scalar members: links and texts for the pages, and which of sign-in and registration is open. */
export const pageSettings = {
  termsOfUseUrl: webUrl.nullable(),
  privacyPolicyUrl: webUrl.nullable(),
  agreeToTermsPolicy: z.enum(['Automatic', 'ManualRegistrationOnly', 'Manual']),
  signInMode: z.enum(['SignIn', 'Register', 'SignInAndRegister']),
  /** Stored and returned for custom sign-in pages; the hosted pages never apply it (strict CSP). */
  customCss: z.string().max(65_536).nullable(),
  supportEmail: z.email().max(320).nullable(),
  supportWebsiteUrl: webUrl.nullable(),
  /** Enterprise SSO at the identifier step (e-mail domain routing); off: SSO verifications identify no one. */
  singleSignOnEnabled: z.boolean(),
};

export const pageSettingsPatch = z.object(pageSettings).partial().shape;
