import { TOTP, Secret } from 'otpauth';
import type { TestService } from '../support/service.js';
import type { TestApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization } from '../support/oidc-sign-in.js';
import { expectStatus, openExperience, type Call } from '../experience/journeys.js';

/** The code an authenticator app shows for `secret` at `timestamp` (now by default). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
}

/**
 * The app's next code (one step ahead, within the accepted drift): the code that proved a binding
 * is spent, so a challenge right after it needs a later one, as a person waiting for it would.
 */
export function nextTotpCode(secret: string): string {
  return totpCode(secret, Date.now() + 30_000);
}

export async function setMfaPolicy(
  t: TestService,
  factors: ('Totp' | 'WebAuthn' | 'BackupCode')[],
  policy: 'PromptAtSignInAndSignUp' | 'PromptOnlyAtSignIn' | 'NoPrompt' | 'Mandatory' | 'UserControlled',
) {
  expectStatus(await t.api('PATCH', '/sign-in-exp', { mfa: { factors, policy } }), 200);
}

/** A sign-in identified by the password, not yet submitted. */
export async function identifiedSignIn(
  t: TestService,
  app: TestApplication,
  username: string,
  password: string,
) {
  const { authorization, call } = await openExperience(t, app);
  expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
  const verification = expectStatus(
    await call('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password,
    }),
    200,
  );
  expectStatus(await call('POST', '/identification', { verificationId: verification.verificationId }), 204);
  return { authorization, call };
}

/** Submits and completes the authorization; returns the ID token claims. */
export async function submitAndComplete(
  call: Call,
  authorization: Parameters<typeof completeAuthorization>[0],
) {
  const submitted = expectStatus(await call('POST', '/submit'), 200);
  const tokens = await completeAuthorization(authorization, submitted.redirectTo);
  return tokens.claims()!;
}
