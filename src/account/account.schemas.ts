import { z } from 'zod';
import { jsonObject } from '../http/route-schemas.js';
import { userResponse } from '../users/users.schemas.js';

/** The linked social identities by connector target, as Logto's user `identities` member. */
export const accountIdentities = z.record(
  z.string(),
  z.object({
    userId: z.string(),
    details: jsonObject.optional().describe('What the provider said of the person: id, email, name, avatar'),
  }),
);

export type AccountIdentities = z.infer<typeof accountIdentities>;

/** The signed-in user's own identifiers and display data; custom data and the rest stay management's. */
export const accountProfile = userResponse
  .pick({
    id: true,
    username: true,
    primaryEmail: true,
    primaryPhone: true,
    name: true,
    avatar: true,
    hasPassword: true,
  })
  .extend({ identities: accountIdentities });
