import type { SignInExperience } from '../sign-in-experience/sign-in-experience.schemas.js';

type MfaPolicy = SignInExperience['mfa']['policy'];

/** How a user without a usable factor is asked to bind one, per Logto's policy. */
export type MfaPrompt =
  { kind: 'required' } | { kind: 'offered'; atRegistration: boolean } | { kind: 'never' };

/**
 * `Mandatory` requires a factor at every sign-in and registration; the prompting policies offer
 * one skippably (a declined offer is not repeated); `NoPrompt` never asks. `UserControlled` is
 * Logto's deprecated name of `PromptAtSignInAndSignUp`.
 */
export function mfaPrompt(policy: MfaPolicy): MfaPrompt {
  switch (policy) {
    case 'Mandatory':
      return { kind: 'required' };
    case 'PromptAtSignInAndSignUp':
    case 'UserControlled':
      return { kind: 'offered', atRegistration: true };
    case 'PromptOnlyAtSignIn':
      return { kind: 'offered', atRegistration: false };
    case 'NoPrompt':
      return { kind: 'never' };
  }
}

/** Whether a user may decline binding a factor (Logto refuses only under `Mandatory`). */
export const mayDeclineMfa = (policy: MfaPolicy) => mfaPrompt(policy).kind !== 'required';
