import { apiError } from '../http/error-registry.js';
import type {
  CustomProfileFieldConfig,
  CustomProfileFieldType,
} from '../storage/tables/custom-profile-fields.js';

export interface FieldRule {
  name: string;
  type: CustomProfileFieldType;
  label?: string | undefined;
  required: boolean;
  config: CustomProfileFieldConfig;
}

export type ProfileValues = Record<string, unknown>;

/** The user's `profile` members (OIDC standard claims) a field of the same name writes. */
const profileMembers = new Set([
  'familyName',
  'givenName',
  'middleName',
  'nickname',
  'profile',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'address',
]);

const invalid = (name: string, problem: string) =>
  apiError('guard.invalid_input', { message: `\`${name}\` ${problem}.`, data: { name } });

/**
 * The submitted values checked against their fields; an empty value (`''`, `null`) is dropped,
 * a value of no configured field refused. Nothing is required here: see `missingFields`.
 */
export function checkProfileValues(fields: readonly FieldRule[], values: ProfileValues): ProfileValues {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const checked: ProfileValues = {};
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) throw invalid(name, 'is not a custom profile field');
    if (isEmpty(value)) continue;
    checked[name] = checkValue(field, value);
    assertFitsUser(name, checked[name]);
  }
  return checked;
}

/** The names of the required fields without a value (a required checkbox must be ticked). */
export function missingFields(fields: readonly FieldRule[], values: ProfileValues): string[] {
  return fields
    .filter((field) => field.required && (isEmpty(values[field.name]) || values[field.name] === false))
    .map((field) => field.name);
}

/** `name` and `avatar` go to the user's own members, which hold what the management API allows. */
function assertFitsUser(name: string, value: unknown): void {
  if (name === 'name' && String(value).length > 128)
    throw invalid(name, 'must be at most 128 characters long');
  if (name === 'avatar' && !isWebUrl(String(value))) throw invalid(name, 'must be an http(s) URL');
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function checkValue(field: FieldRule, value: unknown): unknown {
  const { name, config } = field;
  switch (field.type) {
    case 'Text':
    case 'Url':
    case 'Regex':
      return checkText(field, value);
    case 'Date':
      if (typeof value !== 'string' || value.length > 64 || Number.isNaN(Date.parse(value))) {
        throw invalid(name, 'must be a date');
      }
      return value;
    case 'Number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(name, 'must be a number');
      if (config.minValue !== undefined && value < config.minValue) {
        throw invalid(name, `must be at least ${config.minValue}`);
      }
      if (config.maxValue !== undefined && value > config.maxValue) {
        throw invalid(name, `must be at most ${config.maxValue}`);
      }
      return value;
    }
    case 'Checkbox':
      if (typeof value !== 'boolean') throw invalid(name, 'must be true or false');
      return value;
    case 'Select':
      if (typeof value !== 'string' || !config.options?.some((option) => option.value === value)) {
        throw invalid(name, 'must be one of its options');
      }
      return value;
    case 'Address':
    case 'Fullname':
      return checkParts(field, value);
  }
}

function checkText({ name, type, config }: FieldRule, value: unknown): string {
  if (typeof value !== 'string') throw invalid(name, 'must be text');
  if (config.minLength !== undefined && value.length < config.minLength) {
    throw invalid(name, `must be at least ${config.minLength} characters long`);
  }
  if (value.length > (config.maxLength ?? 2048)) {
    throw invalid(name, `must be at most ${config.maxLength ?? 2048} characters long`);
  }
  if (type === 'Url' && !isWebUrl(value)) throw invalid(name, 'must be an http(s) URL');
  if (type === 'Regex' && !new RegExp(`^(?:${config.format ?? ''})$`, 'u').test(value)) {
    throw invalid(name, 'does not have the expected format');
  }
  return value;
}

function checkParts(field: FieldRule, value: unknown): ProfileValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(field.name, 'must be an object of its parts');
  }
  const parts = (field.config.parts ?? [])
    .filter((part) => part.enabled)
    .map((part) => ({ ...part, config: part.config ?? {} }));
  const checked = checkProfileValues(parts, value as ProfileValues);
  const missing = missingFields(parts, checked);
  if (missing.length > 0) throw invalid(field.name, `needs ${missing.join(', ')}`);
  return checked;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where Logto writes collected values: `name` and `avatar` on the user, OIDC claims in `profile`, the rest in `customData`. */
export interface UserProfileMembers {
  name?: string;
  avatar?: string;
  profile: ProfileValues;
  customData: ProfileValues;
}

export function toUserMembers(fields: readonly FieldRule[], values: ProfileValues): UserProfileMembers {
  const members: UserProfileMembers = { profile: {}, customData: {} };
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field.name === 'name' || field.name === 'avatar') members[field.name] = String(value);
    else if (field.type === 'Fullname') {
      for (const [part, partValue] of Object.entries(value as ProfileValues)) {
        (profileMembers.has(part) ? members.profile : members.customData)[part] = partValue;
      }
    } else if (field.name === 'address') members.profile.address = value;
    else if (profileMembers.has(field.name)) members.profile[field.name] = String(value);
    else members.customData[field.name] = value;
  }
  return members;
}
