import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { apiError } from '../http/error-registry.js';

/** Digits with the separators people type: spaces, dashes, dots, parentheses, one leading +. */
export const HUMAN_PHONE = /^\+?[\d\s().-]+$/;

function parsed(value: string) {
  try {
    return parsePhoneNumberWithError(`+${value.replace(/\D/g, '')}`);
  } catch {
    return undefined;
  }
}

/**
 * The one spelling of a phone number, as Logto stores it: E.164 without the +, with the trunk
 * prefix dropped (`+61 0412 345 678` is `61412345678`). People write `+1 (555) 010-9999`,
 * `+1 555-010-9999` or `15550109999`: one number. What libphonenumber cannot parse keeps its
 * digits, so a lookup by such a value still finds what was stored before.
 */
export function phoneDigits(value: string): string {
  return parsed(value)?.number.slice(1) ?? value.replace(/\D/g, '');
}

/** The management API stores only numbers libphonenumber-js holds valid, as Logto does. */
export function assertValidPhone(value: string | null | undefined): void {
  if (value && !parsed(value)?.isValid()) {
    throw apiError('user.invalid_phone');
  }
}
