/** The parts of a password policy its objections are worded with (the service's `policy` data). */
export interface PolicyLimits {
  length?: { min?: number; max?: number };
  characterTypes?: { min?: number };
}

/** A password objection by its short name, with the policy's number where it has one. */
export type PasswordIssueKey =
  'tooShort' | 'tooLong' | 'characterTypes' | 'userInfo' | 'repetition' | 'words';

/** Says one objection; the hosted pages pass one that translates, the console keeps English. */
export type SayPasswordIssue = (key: PasswordIssueKey, count: number) => string;

const keys: Record<string, PasswordIssueKey> = {
  'password_rejected.too_short': 'tooShort',
  'password_rejected.too_long': 'tooLong',
  'password_rejected.character_types': 'characterTypes',
  'password_rejected.restricted.user_info': 'userInfo',
  'password_rejected.restricted.repetition_or_sequence': 'repetition',
  'password_rejected.restricted.words': 'words',
};

const inEnglish: SayPasswordIssue = (key, count) =>
  ({
    tooShort: `The password is too short: use at least ${count} characters.`,
    tooLong: `The password is too long: use at most ${count} characters.`,
    characterTypes: `Mix at least ${count} kinds of characters: lower-case, upper-case, digits, symbols.`,
    userInfo: 'The password must not contain your username, e-mail address or phone number.',
    repetition: 'The password must not repeat a character or count up or down (like aaaa or 1234).',
    words: 'The password contains a word that is not allowed.',
  })[key];

const countOf = (key: PasswordIssueKey, policy?: PolicyLimits) =>
  key === 'tooShort'
    ? (policy?.length?.min ?? 8)
    : key === 'tooLong'
      ? (policy?.length?.max ?? 256)
      : (policy?.characterTypes?.min ?? 2);

/**
 * One objection of the password policy (`password.rejected`'s `issues`, Logto's names) as a
 * sentence a person reads; undefined for a name this page does not know.
 */
export function passwordIssueSentence(
  issue: string,
  policy?: PolicyLimits,
  say: SayPasswordIssue = inEnglish,
): string | undefined {
  const key = keys[issue];
  return key ? say(key, countOf(key, policy)) : undefined;
}

/** The objections of a `password.rejected` answer's data, as sentences (none for other data). */
export function passwordIssueSentences(data: unknown, say: SayPasswordIssue = inEnglish): string[] {
  if (!data || typeof data !== 'object' || !('issues' in data) || !Array.isArray(data.issues)) return [];
  const policy = 'policy' in data ? (data.policy as PolicyLimits) : undefined;
  return data.issues
    .map((issue) => (typeof issue === 'string' ? passwordIssueSentence(issue, policy, say) : undefined))
    .filter((sentence): sentence is string => sentence !== undefined);
}
