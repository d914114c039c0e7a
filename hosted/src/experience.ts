import type { NavigateFunction } from 'react-router-dom';
import { ApiCallError, unwrap } from '@shared/api/client';
import { api } from './api';

export type InteractionEvent = 'SignIn' | 'Register' | 'ForgotPassword';
export type Identifier = { type: 'username' | 'email' | 'phone'; value: string };
export type CodeIdentifier = { type: 'email' | 'phone'; value: string };

/** What a person typed: an e-mail has an @, a phone is digits with the usual separators. */
export function identifierOf(text: string): Identifier {
  const value = text.trim();
  if (value.includes('@')) return { type: 'email', value };
  if (/^\+?[\d\s().-]{5,}$/.test(value)) return { type: 'phone', value };
  return { type: 'username', value };
}

export function codeIdentifierOf(text: string): CodeIdentifier {
  const identifier = identifierOf(text);
  return identifier.type === 'phone'
    ? { type: 'phone', value: identifier.value }
    : { type: 'email', value: identifier.value };
}

export const start = (interactionEvent: InteractionEvent) =>
  unwrap(api.PUT('/api/experience', { body: { interactionEvent } }));

export const sendCode = async (identifier: CodeIdentifier) =>
  (await unwrap(api.POST('/api/experience/verification/verification-code', { body: { identifier } })))
    .verificationId;

export const verifyCode = async (identifier: CodeIdentifier, verificationId: string, code: string) =>
  (
    await unwrap(
      api.POST('/api/experience/verification/verification-code/verify', {
        body: { identifier, verificationId, code },
      }),
    )
  ).verificationId;

/** A magic link's token for its e-mail address: consumed now, whatever comes next. */
export const verifyOneTimeToken = async (email: string, token: string) =>
  (
    await unwrap(
      api.POST('/api/experience/verification/one-time-token', {
        body: { identifier: { type: 'email', value: email }, token },
      }),
    )
  ).verificationId;

export const identify = (verificationId?: string, options: { linkSocialIdentity?: boolean } = {}) =>
  unwrap(
    api.POST('/api/experience/identification', {
      body: verificationId ? { verificationId, ...options } : {},
    }),
  );

export const switchEvent = (interactionEvent: InteractionEvent) =>
  unwrap(api.PUT('/api/experience/interaction-event', { body: { interactionEvent } }));

export interface MfaState {
  mode: 'bind' | 'challenge';
  factors: string[];
  skippable: boolean;
}

/** What `user.missing_profile` names that earlier steps collect; anything else is a custom profile field. */
const identifierSteps = new Set(['identifier', 'password', 'username', 'email', 'phone', 'emailOrPhone']);

/**
 * Submits the flow: the browser goes back to the application, to the MFA page when the service
 * asks for a second factor (to bind, or to answer), or to the "Tell us about yourself" step when
 * a required custom profile field has no value yet.
 */
export async function finish(navigate: NavigateFunction): Promise<void> {
  try {
    const result = await unwrap(api.POST('/api/experience/submit'));
    if (result && 'redirectTo' in result) window.location.assign(result.redirectTo);
  } catch (error) {
    if (
      error instanceof ApiCallError &&
      (error.code === 'user.missing_mfa' || error.code === 'session.mfa.require_mfa_verification')
    ) {
      const data = (error.data ?? {}) as { availableFactors?: string[]; skippable?: boolean };
      const state: MfaState = {
        mode: error.code === 'user.missing_mfa' ? 'bind' : 'challenge',
        factors: data.availableFactors ?? [],
        skippable: Boolean(data.skippable),
      };
      navigate('/mfa', { state });
      return;
    }
    const missing =
      (error instanceof ApiCallError && error.code === 'user.missing_profile'
        ? ((error.data ?? {}) as { missingProfile?: string[] }).missingProfile
        : undefined) ?? [];
    if (
      missing.some((name) => !identifierSteps.has(name)) &&
      window.location.pathname !== '/sign-in/register/profile'
    ) {
      navigate('/register/profile');
      return;
    }
    throw error;
  }
}
