import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config.js';

export interface StoredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The relying party is this service's own origin: credentials are bound to BASE_URL's host. */
function relyingParty(config: Config) {
  const url = new URL(config.baseUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const transportsOf = (transports: string[]) => transports as AuthenticatorTransport[];

export async function registrationOptions(
  config: Config,
  rpName: string,
  user: { name: string; displayName: string },
  existing: StoredCredential[],
) {
  return generateRegistrationOptions({
    rpName,
    rpID: relyingParty(config).rpID,
    userName: user.name,
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, or undefined when the response does not prove one for this challenge. */
export async function verifyRegistration(
  config: Config,
  challenge: string,
  response: RegistrationResponseJSON,
): Promise<StoredCredential | undefined> {
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

export async function authenticationOptions(config: Config, credentials: StoredCredential[]) {
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: credentials.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    userVerification: 'preferred',
  });
}

/** The authenticator's new signature counter, or undefined when the assertion does not verify. */
export async function verifyAuthentication(
  config: Config,
  challenge: string,
  credential: StoredCredential,
  response: AuthenticationResponseJSON,
): Promise<number | undefined> {
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: transportsOf(credential.transports),
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
