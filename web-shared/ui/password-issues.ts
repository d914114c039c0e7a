/** The parts of a password policy its objections are worded with (the service's `policy` data). */
export interface PolicyLimits {
  length?: { min?: number; max?: number };
  characterTypes?: { min?: number };
}

/**
 * One objection of the password policy (`password.rejected`'s `issues`, Logto's names) as a
 * sentence a person reads; undefined for a name this page does not know.
 */
export function passwordIssueSentence(issue: string, policy?: PolicyLimits): string | undefined {
  switch (issue) {
    case 'password_rejected.too_short':
      return `The password is too short: use at least ${policy?.length?.min ?? 8} characters.`;
    case 'password_rejected.too_long':
      return `The password is too long: use at most ${policy?.length?.max ?? 256} characters.`;
    case 'password_rejected.character_types':
      return `Mix at least ${policy?.characterTypes?.min ?? 2} kinds of characters: lower-case, upper-case, digits, symbols.`;
    case 'password_rejected.restricted.user_info':
      return 'The password must not contain your username, e-mail address or phone number.';
    case 'password_rejected.restricted.repetition_or_sequence':
      return 'The password must not repeat a character or count up or down (like aaaa or 1234).';
    case 'password_rejected.restricted.words':
      return 'The password contains a word that is not allowed.';
    default:
      return undefined;
  }
}

/** The objections of a `password.rejected` answer's data, as sentences (none for other data). */
export function passwordIssueSentences(data: unknown): string[] {
  if (!data || typeof data !== 'object' || !('issues' in data) || !Array.isArray(data.issues)) return [];
  const policy = 'policy' in data ? (data.policy as PolicyLimits) : undefined;
  return data.issues
    .map((issue) => (typeof issue === 'string' ? passwordIssueSentence(issue, policy) : undefined))
    .filter((sentence): sentence is string => sentence !== undefined);
}
