import { z } from 'zod';
import { mfaFactor } from '../sign-in-experience/sign-in-experience.schemas.js';

/** A bound factor as Logto lists it: never its secret, key or codes. */
export const factorResponse = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: mfaFactor,
  agent: z.string().optional(),
  lastUsedAt: z.string().optional(),
  remainCodes: z.number().int().optional(),
});

const totpSecret = z
  .string()
  .trim()
  .regex(/^[A-Z2-7]{16,128}=*$/i, 'a base32 secret');
const backupCodes = z.array(z.string().trim().min(6).max(32)).min(1).max(20);

export const createFactorBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Totp'), secret: totpSecret.optional() }),
  z.object({ type: z.literal('BackupCode'), codes: backupCodes.optional() }),
]);

/** Account API binding (Logto's shapes): each proves the factor works or was shown to the user. */
export const accountFactorBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Totp'),
    secret: totpSecret,
    code: z.string().describe('A current code of the authenticator app'),
  }),
  z.object({ type: z.literal('BackupCode'), codes: backupCodes }),
  z.object({
    type: z.literal('WebAuthn'),
    newIdentifierVerificationRecordId: z.string().min(1).max(64),
    name: z.string().max(128).optional().describe('Accepted for Logto compatibility; not kept'),
  }),
]);

export const normalizeTotpSecret = (secret: string) => secret.toUpperCase().replace(/=+$/, '');

export const createFactorResponse = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Totp'), secret: z.string(), secretQrCode: z.string() }),
  z.object({ type: z.literal('BackupCode'), codes: z.array(z.string()) }),
]);

export const factorIdParams = z.object({
  userId: z.string().min(1).max(128),
  verificationId: z.string().min(1).max(64),
});
