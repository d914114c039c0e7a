import { z } from 'zod';
import type { Db } from '../storage/database.js';
import { listConnectors } from './connectors.repository.js';
import { toConnectorResponse } from './responses.js';

/**
 * A social connector as a sign-in page shows it (Logto's `socialConnectors` member of
 * `/api/.well-known/sign-in-exp`): no config, so nothing secret and nothing internal.
 */
export const signInSocialConnector = z.object({
  id: z.string(),
  target: z.string(),
  name: z.record(z.string(), z.string()),
  logo: z.string(),
  logoDark: z.string().nullable(),
  platform: z.string().nullable(),
});

export async function listSignInSocialConnectors(db: Db): Promise<z.infer<typeof signInSocialConnector>[]> {
  const rows = (await listConnectors(db)).filter((row) => row.type === 'Social');
  return rows.map((row) => {
    const { id, target, name, logo, logoDark, platform } = toConnectorResponse(row);
    return { id, target, name, logo, logoDark, platform };
  });
}
