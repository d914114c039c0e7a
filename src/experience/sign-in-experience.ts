import type { Db } from '../storage/database.js';
import type { IdentifierType, InteractionEvent } from '../storage/tables/experience.js';
import { signInMethodNotEnabled, signUpMethodNotEnabled } from './errors.js';
import {
  defaultSignInExperience,
  signInExperience,
  type SignInExperience,
  type SignInExperiencePatch,
} from './sign-in-experience.schemas.js';
import { findSettings, saveSettings } from './sign-in-experience.repository.js';

/** The stored settings over the defaults; read on every flow step, so a change applies at once. */
export async function loadSignInExperience(db: Db): Promise<SignInExperience> {
  const stored = await findSettings(db);
  return signInExperience.parse({ ...defaultSignInExperience, ...stored, id: defaultSignInExperience.id });
}

/** Each member given replaces the stored one as a whole. */
export async function patchSignInExperience(db: Db, patch: SignInExperiencePatch): Promise<SignInExperience> {
  const next = { ...(await loadSignInExperience(db)), ...patch };
  const { id: _id, ...settings } = next;
  await saveSettings(db, settings);
  return next;
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

/**
 * Whether a code may be sent to this kind of identifier in this flow. At sign-in a code may also
 * verify an e-mail or phone to link, so the sign-in method is checked when the record is used.
 */
export function assertCodeAllowed(settings: SignInExperience, event: InteractionEvent, type: IdentifierType) {
  if (event === 'Register') assertSignUpAllowed(settings, type);
}
