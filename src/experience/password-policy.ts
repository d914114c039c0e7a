import { apiError } from '../http/error-registry.js';
import type { PasswordPolicy } from '../sign-in-experience/sign-in-experience.schemas.js';
import { phoneDigits } from '../users/phone.js';

export interface UserInfo {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
}

const characterKinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** The policy's objections to a password, as Logto names them; empty when it passes. */
export function passwordIssues(policy: PasswordPolicy, password: string, user: UserInfo): string[] {
  const issues: string[] = [];
  const length = [...password].length;
  if (length < policy.length.min) issues.push('password_rejected.too_short');
  if (length > policy.length.max) issues.push('password_rejected.too_long');
  const kinds = characterKinds.filter((kind) => kind.test(password)).length;
  if (kinds < policy.characterTypes.min) issues.push('password_rejected.character_types');
  if (policy.rejects.userInfo && containsUserInfo(password, user)) {
    issues.push('password_rejected.restricted.user_info');
  }
  if (policy.rejects.repetitionAndSequence && hasRun(password)) {
    issues.push('password_rejected.restricted.repetition_or_sequence');
  }
  const lower = password.toLowerCase();
  if (policy.rejects.words.some((word) => lower.includes(word.toLowerCase()))) {
    issues.push('password_rejected.restricted.words');
  }
  return issues;
}

// Four or more characters repeating (`aaaa`) or stepping by one either way (`1234`, `dcba`).
function hasRun(password: string): boolean {
  const codes = [...password].map((char) => char.codePointAt(0)!);
  for (const step of [0, 1, -1]) {
    let run = 1;
    for (let i = 1; i < codes.length; i += 1) {
      run = codes[i]! - codes[i - 1]! === step ? run + 1 : 1;
      if (run >= 4) return true;
    }
  }
  return false;
}

// Short fragments would refuse too much (a two-letter username is in many passwords).
function containsUserInfo(password: string, user: UserInfo): boolean {
  const lower = password.toLowerCase();
  const fragments = [
    user.username,
    user.email,
    user.email?.split('@')[0],
    user.phone && phoneDigits(user.phone),
  ]
    .filter((fragment): fragment is string => Boolean(fragment) && fragment!.length >= 3)
    .map((fragment) => fragment.toLowerCase());
  return fragments.some((fragment) => lower.includes(fragment));
}

export function assertPasswordAccepted(policy: PasswordPolicy, password: string, user: UserInfo): void {
  const issues = passwordIssues(policy, password, user);
  if (issues.length > 0) {
    throw apiError('password.rejected', { issues, policy });
  }
}
