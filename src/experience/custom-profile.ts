import { loadFieldRules } from '../custom-profile-fields/custom-profile-fields.service.js';
import {
  checkProfileValues,
  missingFields,
  toUserMembers,
  type ProfileValues,
  type UserProfileMembers,
} from '../custom-profile-fields/profile-values.js';
import type { Db } from '../storage/database.js';
import { profileNotSupported } from './errors.js';
import * as repository from './experience.repository.js';
import type { ExperienceState } from './experience.repository.js';

/**
 * `PATCH /profile`: values of the custom profile fields of a registration, checked now and written
 * to the new account at submit. An empty value (`''`, `null`) takes back one given before.
 */
export async function addCustomProfile(db: Db, state: ExperienceState, values: ProfileValues): Promise<void> {
  if (state.interactionEvent !== 'Register')
    throw profileNotSupported('customProfile', state.interactionEvent);
  const checked = checkProfileValues(await loadFieldRules(db), values);
  const merged = { ...state.profile.customProfile, ...checked };
  for (const name of Object.keys(values)) if (!(name in checked)) delete merged[name];
  await repository.mergeProfile(db, state.interactionUid, { customProfile: merged });
}

/**
 * At submit: the required fields still without a value (Logto's `missingProfile` names), and the
 * user members the values write. Values are checked again against the fields as they are now; a
 * value of a field deleted meanwhile is dropped.
 */
export async function customProfileAtSubmit(
  db: Db,
  state: ExperienceState,
): Promise<{ missing: string[]; members: UserProfileMembers }> {
  const fields = await loadFieldRules(db);
  const names = new Set(fields.map((field) => field.name));
  const stored = Object.entries(state.profile.customProfile ?? {}).filter(([name]) => names.has(name));
  const values = checkProfileValues(fields, Object.fromEntries(stored));
  return { missing: missingFields(fields, values), members: toUserMembers(fields, values) };
}
