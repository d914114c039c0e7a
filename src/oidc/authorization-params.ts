import { z } from 'zod';

/**
 * The authorization request parameters Logto's SDKs send for the sign-in pages, beyond OIDC's
 * own (`login_hint`, `ui_locales`). oidc-provider drops parameters it does not know, so these are
 * declared; they are hints for the pages, never checked against anything, so a value the pages
 * cannot use is ignored rather than refused (as Logto does). `one_time_token` is a magic link's
 * token: the pages verify it through the Experience API, which checks it.
 */
export const AUTHORIZATION_EXTRA_PARAMS = [
  'first_screen',
  'interaction_mode',
  'identifier',
  'direct_sign_in',
  'one_time_token',
];

const FIRST_SCREENS = [
  'sign_in',
  'register',
  'reset_password',
  'single_sign_on',
  'identifier:sign_in',
  'identifier:register',
] as const;
const IDENTIFIERS = ['username', 'email', 'phone'] as const;

type FirstScreen = (typeof FIRST_SCREENS)[number];
type IdentifierType = (typeof IDENTIFIERS)[number];

export const authorizationHints = z
  .object({
    firstScreen: z.enum(FIRST_SCREENS).optional(),
    identifiers: z.array(z.enum(IDENTIFIERS)).optional(),
    directSignIn: z.object({ method: z.enum(['social', 'sso']), target: z.string() }).optional(),
    loginHint: z.string().optional(),
    oneTimeToken: z.string().optional(),
  })
  .describe(
    "What the authorization request asked of the sign-in pages: Logto's `first_screen` (or the older " +
      '`interaction_mode`), `identifier`, `direct_sign_in`, OIDC `login_hint` and a magic link’s ' +
      '`one_time_token`, checked and in one spelling',
  );

export type AuthorizationHints = z.infer<typeof authorizationHints>;

const text = (value: unknown, max = 256) =>
  typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined;

const isIdentifier = (value: string): value is IdentifierType =>
  (IDENTIFIERS as readonly string[]).includes(value);

/** `first_screen`, else the deprecated `interaction_mode`; `signIn` is an old spelling of `sign_in`. */
function firstScreenOf(params: Record<string, unknown>): {
  screen?: FirstScreen;
  identifier?: IdentifierType;
} {
  const value = text(params.first_screen);
  if (value === 'signIn') return { screen: 'sign_in' };
  if ((FIRST_SCREENS as readonly string[]).includes(value ?? '')) return { screen: value as FirstScreen };
  // `identifier:email` and the like: the sign-in form for that identifier.
  const identifier = value?.startsWith('identifier:') ? value.slice('identifier:'.length) : undefined;
  if (identifier && isIdentifier(identifier)) return { screen: 'identifier:sign_in', identifier };
  const mode = text(params.interaction_mode);
  if (mode === 'signUp') return { screen: 'register' };
  if (mode === 'signIn') return { screen: 'sign_in' };
  return {};
}

/** `social:<target or connector id>` or `sso:<connector id>`. */
function directSignInOf(value: unknown): AuthorizationHints['directSignIn'] {
  const match = /^(social|sso):(.+)$/.exec(text(value) ?? '');
  return match ? { method: match[1] as 'social' | 'sso', target: match[2]! } : undefined;
}

/** The interaction's request parameters as the sign-in pages read them. */
export function authorizationHintsOf(params: Record<string, unknown>): AuthorizationHints {
  const { screen, identifier } = firstScreenOf(params);
  const listed = (text(params.identifier) ?? '').split(/\s+/).filter(isIdentifier);
  const identifiers = [...new Set(identifier ? [identifier, ...listed] : listed)];
  const directSignIn = directSignInOf(params.direct_sign_in);
  const loginHint = text(params.login_hint);
  const oneTimeToken = text(params.one_time_token);
  return {
    ...(screen ? { firstScreen: screen } : {}),
    ...(identifiers.length > 0 ? { identifiers } : {}),
    ...(directSignIn ? { directSignIn } : {}),
    ...(loginHint ? { loginHint } : {}),
    ...(oneTimeToken ? { oneTimeToken } : {}),
  };
}
