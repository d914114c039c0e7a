import type { SignInExperience } from '../sign-in-experience/sign-in-experience.schemas.js';

/** What an account has or will have at submit: stored values and the profile of the flow. */
export interface ProfileHeld {
  username?: string | null;
  primaryEmail?: string | null;
  primaryPhone?: string | null;
}

/**
 * The `signUp.secondaryIdentifiers` an account lacks, in Logto's `missingProfile` names
 * (`username`, `email`, `phone`, `emailOrPhone`). Checked when a registration or a sign-in is
 * submitted, so accounts made before a requirement was added complete their profile at sign-in.
 */
export function missingIdentifiers(settings: SignInExperience, held: ProfileHeld): string[] {
  const missing = settings.signUp.secondaryIdentifiers.flatMap(({ identifier }) => {
    switch (identifier) {
      case 'username':
        return held.username ? [] : ['username'];
      case 'email':
        return held.primaryEmail ? [] : ['email'];
      case 'phone':
        return held.primaryPhone ? [] : ['phone'];
      case 'emailOrPhone':
        return held.primaryEmail || held.primaryPhone ? [] : ['emailOrPhone'];
    }
  });
  return [...new Set(missing)];
}
