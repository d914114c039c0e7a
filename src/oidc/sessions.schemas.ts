import { z } from 'zod';

export const userSession = z.object({
  id: z.string().describe("The session's uid; its own id is the session cookie's value and never shown"),
  modelName: z.literal('Session'),
  payload: z.object({
    exp: z.number().int().describe('Expiry, seconds since the epoch'),
    iat: z.number().int(),
    uid: z.string(),
    kind: z.literal('Session'),
    loginTs: z.number().int().describe('When the user signed in, seconds since the epoch'),
    accountId: z.string(),
    authorizations: z.record(
      z.string(),
      z.object({
        sid: z.string().optional(),
        grantId: z.string().optional(),
        persistsLogout: z.boolean().optional(),
      }),
    ),
  }),
  expiresAt: z.number().int().describe('Expiry, milliseconds since the epoch'),
  consumedAt: z.null(),
  lastSubmission: z.null().describe('Tessera keeps no sign-in submission with the session'),
});

export const sessionIdParams = z.object({ sessionId: z.string().min(1).max(128) });

export const revokeSessionQuery = z.object({
  revokeGrantsTarget: z
    .enum(['all', 'firstParty'])
    .optional()
    .describe(
      "Which of the session's grants go with it: all, or first-party applications' only; without it, " +
        'grants with offline_access stay and the others go',
    ),
});
