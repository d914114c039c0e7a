import { z } from 'zod';
import { boundedJsonObject } from '../http/bounded-json.js';
import { errorBody } from '../http/error-schema.js';
import { email, phone, username } from '../users/users.schemas.js';

export const noContent = z.null().describe('No content');

export const errors = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;

export const interactionEvent = z.enum(['SignIn', 'Register', 'ForgotPassword']);

/** Any identifier a password may be tried with: the format is not checked, so no hint leaks. */
export const passwordIdentifier = z.object({
  type: z.enum(['username', 'email', 'phone']),
  value: z.string().trim().min(1).max(320),
});

/** Where a code can go: a well-formed e-mail address or phone number. */
export const codeIdentifier = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), value: z.string().trim().pipe(email) }),
  z.object({ type: z.literal('phone'), value: z.string().trim().pipe(phone) }),
]);

export const verificationId = z.string().min(1).max(64);
export const verificationResponse = z.object({ verificationId: z.string() });
export const code = z.string().regex(/^\d{6}$/, 'six digits');

export const profileBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('username'), value: username }),
  z.object({ type: z.literal('password'), value: z.string().min(1).max(512) }),
  z.object({ type: z.literal('email'), verificationId }),
  z.object({ type: z.literal('phone'), verificationId }),
]);

/** Values of custom profile fields by field name: text, a number, a boolean or parts (Address, Fullname). */
export const customProfileBody = boundedJsonObject({ maxDepth: 3, maxBytes: 16 * 1024 }).describe(
  'Values by custom profile field name',
);
