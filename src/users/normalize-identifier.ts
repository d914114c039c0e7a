import type { InteractionIdentifier } from '../storage/tables/experience.js';
import { foldIdentifierText } from './fold-identifier.js';
import { phoneDigits } from './phone.js';

/**
 * The one spelling of an identifier that counters, codes and lookups use: e-mail addresses and
 * usernames match case-insensitively, phone numbers by their digits (`+1 (555) 010-9999` and
 * `15550109999` are one number).
 */
export function normalizeIdentifier<T extends InteractionIdentifier>(identifier: T): T {
  switch (identifier.type) {
    case 'email':
    case 'username':
      return { ...identifier, value: foldIdentifierText(identifier.value) };
    case 'phone':
      return { ...identifier, value: phoneDigits(identifier.value) };
  }
}

export function sameIdentifier(a: InteractionIdentifier, b: InteractionIdentifier): boolean {
  const left = normalizeIdentifier(a);
  const right = normalizeIdentifier(b);
  return left.type === right.type && left.value === right.value;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
