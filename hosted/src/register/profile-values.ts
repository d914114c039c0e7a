import type { TFunction } from 'i18next';
import type { Settings } from '../settings';

export type ProfileField = Settings['customProfileFields'][number];
type Part = NonNullable<ProfileField['config']['parts']>[number];
/** A field or a part of one: what a control is drawn and checked from. */
export type Control = Pick<ProfileField, 'name' | 'type' | 'required'> & {
  label?: string | undefined;
  config?: Part['config'];
};
export type FormValue = string | boolean | Record<string, string>;

export const labelOf = (control: Control) => control.label || control.name;

/** The parts an Address or Fullname field asks for. */
export const partsOf = (field: ProfileField): Control[] =>
  (field.config.parts ?? []).filter((part) => part.enabled);

export const emptyValue = (field: ProfileField): FormValue =>
  field.type === 'Checkbox'
    ? false
    : field.type === 'Address' || field.type === 'Fullname'
      ? Object.fromEntries(partsOf(field).map((part) => [part.name, '']))
      : '';

/**
 * What is wrong with a value as the service would judge it, in the page's language, so the person
 * learns it beside the control before anything is sent. `undefined` when it is fine.
 */
export function problemOf(control: Control, value: string | boolean, t: TFunction): string | undefined {
  const label = labelOf(control);
  const config = control.config ?? {};
  if (typeof value === 'boolean')
    return control.required && !value ? t('profile-fields:required', { label }) : undefined;
  const text = value.trim();
  if (!text) return control.required ? t('profile-fields:required', { label }) : undefined;
  switch (control.type) {
    case 'Number': {
      const number = Number(text);
      if (!Number.isFinite(number)) return t('profile-fields:notNumber', { label });
      if (config.minValue !== undefined && number < config.minValue)
        return t('profile-fields:tooSmall', { label, min: config.minValue });
      if (config.maxValue !== undefined && number > config.maxValue)
        return t('profile-fields:tooLarge', { label, max: config.maxValue });
      return undefined;
    }
    case 'Url':
      if (!/^https?:\/\/\S+$/i.test(text)) return t('profile-fields:notUrl', { label });
      break;
    case 'Regex':
      if (!new RegExp(`^(?:${config.format ?? ''})$`, 'u').test(text))
        return t('profile-fields:badFormat', { label });
      break;
  }
  if (config.minLength !== undefined && text.length < config.minLength)
    return t('profile-fields:tooShort', { label, min: config.minLength });
  if (config.maxLength !== undefined && text.length > config.maxLength)
    return t('profile-fields:tooLong', { label, max: config.maxLength });
  return undefined;
}

/** The form's values as the Experience API takes them: numbers as numbers, empty text left out. */
export function toRequestValues(fields: readonly ProfileField[], form: Record<string, FormValue>) {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = form[field.name];
    if (typeof value === 'boolean') values[field.name] = value;
    else if (typeof value === 'object') {
      const parts = Object.entries(value).filter(([, text]) => text.trim());
      if (parts.length > 0)
        values[field.name] = Object.fromEntries(parts.map(([name, text]) => [name, text.trim()]));
    } else if (value?.trim()) values[field.name] = field.type === 'Number' ? Number(value) : value.trim();
  }
  return values;
}
