import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { mfaFactor } from '../sign-in-experience/sign-in-experience.schemas.js';

const b64url = z
  .string()
  .max(65_536)
  .regex(/^[\w-]*={0,2}$/, 'base64url');

// What `navigator.credentials.create()/get()` give, as JSON (@simplewebauthn/browser's shape).
const credentialBase = {
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationPayload = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
}) as unknown as z.ZodType<RegistrationResponseJSON>;

export const authenticationPayload = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
}) as unknown as z.ZodType<AuthenticationResponseJSON>;

export const totpCode = z.string().trim().min(1).max(16);
export const backupCode = z.string().trim().min(1).max(32);
export const mfaBindBody = z.object({ type: mfaFactor, verificationId: z.string().min(1).max(64) });
/** WebAuthn options are the browser API's JSON; documented loosely. */
export const webAuthnOptions = z.record(z.string(), z.unknown());
