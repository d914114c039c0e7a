import { z } from 'zod';
import type { Db } from '../storage/database.js';
import { findExperience } from './experience.repository.js';
import { listVerifications } from './interaction-summary.repository.js';
import { interactionEvent } from './route-schemas.js';

const identifier = z.object({ type: z.enum(['username', 'email', 'phone']), value: z.string() });

/** Logto's members of `GET /api/experience/interaction`; absent until an experience is started. */
export const experienceSummary = z.object({
  interactionEvent: interactionEvent.optional(),
  userId: z.string().optional().describe('The identified account'),
  profile: z
    .object({
      username: z.string().optional(),
      primaryEmail: z.string().optional(),
      primaryPhone: z.string().optional(),
      name: z.string().optional(),
      avatar: z.string().optional(),
    })
    .optional()
    .describe('What the flow collected so far; never a password or a provider token'),
  verificationRecords: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        verified: z.boolean(),
        identifier: identifier.optional(),
        userId: z.string().optional(),
      }),
    )
    .optional(),
});

const present = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined && member !== null));

/** The experience of an interaction as a custom sign-in page may read it: no secrets, no payloads. */
export async function summarizeExperience(
  db: Db,
  interactionUid: string,
): Promise<z.infer<typeof experienceSummary>> {
  const state = await findExperience(db, interactionUid);
  if (!state) return {};
  const { username, primaryEmail, primaryPhone, name, avatar } = state.profile;
  const records = await listVerifications(db, interactionUid);
  return {
    interactionEvent: state.interactionEvent,
    ...(state.userId ? { userId: state.userId } : {}),
    profile: present({ username, primaryEmail, primaryPhone, name, avatar }),
    verificationRecords: records.map((record) => ({
      id: record.id,
      type: record.type,
      verified: record.verified_at !== null,
      ...(record.identifier ? { identifier: record.identifier } : {}),
      ...(record.user_id ? { userId: record.user_id } : {}),
    })),
  };
}
