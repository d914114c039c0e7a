/**
 * The one spelling of a phone number: its digits (E.164 without the +), as Logto stores them.
 * People write `+1 (555) 010-9999`, `+1 555-010-9999` or `15550109999`: one number.
 */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Digits with the separators people type: spaces, dashes, dots, parentheses, one leading +. */
export const HUMAN_PHONE = /^\+?[\d\s().-]+$/;
