import { z } from 'zod';
import { mfaFactor } from '../experience/sign-in-experience.schemas.js';

/** A bound factor as Logto lists it: never its secret, key or codes. */
export const factorResponse = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: mfaFactor,
  agent: z.string().optional(),
  lastUsedAt: z.string().optional(),
  remainCodes: z.number().int().optional(),
});

export const createFactorBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Totp'),
    secret: z
      .string()
      .trim()
      .regex(/^[A-Z2-7]{16,128}=*$/i, 'a base32 secret')
      .optional(),
  }),
  z.object({
    type: z.literal('BackupCode'),
    codes: z.array(z.string().trim().min(6).max(32)).min(1).max(20).optional(),
  }),
]);

export const createFactorResponse = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Totp'), secret: z.string(), secretQrCode: z.string() }),
  z.object({ type: z.literal('BackupCode'), codes: z.array(z.string()) }),
]);

export const factorIdParams = z.object({
  userId: z.string().min(1).max(128),
  verificationId: z.string().min(1).max(64),
});
