import type { Db } from '../storage/database.js';
import type { IdentifierType, InteractionEvent } from '../storage/tables/experience.js';
import { invalidInput } from '../http/errors.js';
import { apiError } from '../http/error-registry.js';
import { signInMethodNotEnabled, signUpMethodNotEnabled } from '../experience/errors.js';
import {
  defaultSignInExperience,
  signInExperience,
  type SignInExperience,
  type SignInExperiencePatch,
} from './sign-in-experience.schemas.js';
import { findSettings, saveSettings } from './sign-in-experience.repository.js';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `patch` over `base`: objects merge member by member, anything else (arrays too) replaces. */
export function deepMerge(base: Plain, patch: Plain): Plain {
  const merged: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = isPlain(value) && isPlain(base[key]) ? deepMerge(base[key], value) : value;
  }
  return merged;
}

/**
 * The stored settings over the defaults (members added since a row was saved get theirs); read
 * from the database on every flow step, so a change applies at once on every instance.
 */
export async function loadSignInExperience(db: Db): Promise<SignInExperience> {
  const stored = (await findSettings(db)) ?? {};
  return signInExperience.parse({
    ...deepMerge(defaultSignInExperience, stored),
    id: defaultSignInExperience.id,
  });
}

/** Merges the patch into the stored settings; the merged whole must be valid, or nothing is saved. */
export async function patchSignInExperience(db: Db, patch: SignInExperiencePatch): Promise<SignInExperience> {
  const merged = deepMerge(await loadSignInExperience(db), patch);
  const checked = signInExperience.safeParse(merged);
  if (!checked.success) {
    const issues = checked.error.issues.map(({ path, message }) => ({ path: path.join('.'), message }));
    throw invalidInput(
      `Invalid sign-in experience: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      {
        issues,
      },
    );
  }
  if (patch.signUp) assertSignUpVerifies(checked.data.signUp);
  const { id: _id, ...settings } = checked.data;
  await saveSettings(db, settings);
  return checked.data;
}

/** Logto's rule: registering with an e-mail address or phone number means verifying it. */
function assertSignUpVerifies(signUp: SignInExperience['signUp']) {
  const byAddress = signUp.identifiers.some((identifier) => identifier === 'email' || identifier === 'phone');
  if (byAddress && !signUp.verify) throw apiError('sign_in_experiences.passwordless_requires_verify');
}

export type Credential = 'password' | 'verificationCode';

export function assertSignInAllowed(
  settings: SignInExperience,
  type: IdentifierType,
  credential: Credential,
) {
  const method = settings.signIn.methods.find((candidate) => candidate.identifier === type);
  if (!method?.[credential]) throw signInMethodNotEnabled();
}

export function assertSignUpAllowed(settings: SignInExperience, type: IdentifierType) {
  if (!settings.signUp.identifiers.includes(type)) throw signUpMethodNotEnabled();
}

/** `signInMode` closes sign-in or registration (Logto answers 403 `auth.forbidden`). */
export function assertEventOpen(settings: SignInExperience, event: InteractionEvent) {
  const closed =
    (event === 'SignIn' && settings.signInMode === 'Register') ||
    (event === 'Register' && settings.signInMode === 'SignIn');
  if (closed) throw apiError('auth.forbidden#event_closed', { event });
}

/**
 * Whether a code may be sent to this kind of identifier in this flow. At sign-in a code may also
 * verify an e-mail or phone to link, so the sign-in method is checked when the record is used.
 */
export function assertCodeAllowed(settings: SignInExperience, event: InteractionEvent, type: IdentifierType) {
  if (event === 'Register') assertSignUpAllowed(settings, type);
}
