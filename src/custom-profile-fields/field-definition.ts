import { apiError } from '../http/error-registry.js';
import type {
  CustomProfileFieldConfig,
  CustomProfileFieldType,
} from '../storage/tables/custom-profile-fields.js';

/** What Logto keeps for sign-in identifiers, which the registration collects in its own steps. */
const signInIdentifiers = new Set(['username', 'primaryEmail', 'primaryPhone']);
/** User members a field may not write: computed, managed elsewhere, or (preferredUsername) Logto's refusal. */
const builtInProps = new Set([
  'id',
  'preferredUsername',
  'password',
  'customData',
  'identities',
  'isSuspended',
  'lastSignInAt',
  'createdAt',
  'updatedAt',
  'applicationId',
]);

interface Definition {
  name: string;
  type: CustomProfileFieldType;
  config?: CustomProfileFieldConfig | undefined;
}

/** Logto's checks of a field definition, with its codes (all 400). */
export function assertValidDefinition({ name, type, config = {} }: Definition, isPart = false): void {
  if (!/^[\dA-Za-z]+$/.test(name)) throw apiError('custom_profile_fields.invalid_name');
  if (!isPart) assertNameFree(name);
  const { minLength, maxLength, minValue, maxValue } = config;
  switch (type) {
    case 'Text':
    case 'Url':
    case 'Regex':
      if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
        throw apiError('custom_profile_fields.invalid_min_max_input');
      }
      if (type === 'Regex' && !isValidPattern(config.format)) {
        throw apiError('custom_profile_fields.invalid_regex_format');
      }
      return;
    case 'Number':
      if (minValue !== undefined && maxValue !== undefined && minValue > maxValue) {
        throw apiError('custom_profile_fields.invalid_min_max_input');
      }
      return;
    case 'Select':
      if (!config.options?.length) throw apiError('custom_profile_fields.invalid_options');
      if (new Set(config.options.map((option) => option.value)).size !== config.options.length) {
        throw apiError('custom_profile_fields.invalid_options');
      }
      return;
    case 'Address':
    case 'Fullname':
      return assertValidParts(type, config);
    case 'Date':
    case 'Checkbox':
      return;
  }
}

function assertNameFree(name: string): void {
  if (signInIdentifiers.has(name)) {
    throw apiError('custom_profile_fields.name_conflict_sign_in_identifier', { name });
  }
  if (builtInProps.has(name)) throw apiError('custom_profile_fields.name_conflict_built_in_prop', { name });
}

function assertValidParts(type: 'Address' | 'Fullname', config: CustomProfileFieldConfig): void {
  const parts = config.parts ?? [];
  if (parts.length === 0) {
    throw apiError(
      type === 'Address'
        ? 'custom_profile_fields.invalid_address_parts'
        : 'custom_profile_fields.invalid_fullname_parts',
    );
  }
  for (const part of parts) {
    if (part.type === 'Address' || part.type === 'Fullname') {
      throw apiError('custom_profile_fields.invalid_sub_component_type');
    }
    assertValidDefinition(part, true);
  }
}

function isValidPattern(format: string | undefined): boolean {
  if (!format) return false;
  try {
    new RegExp(format, 'u');
    return true;
  } catch {
    return false;
  }
}
