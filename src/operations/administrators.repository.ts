import { MANAGEMENT_ROLE_ID } from '../management/seed.js';
import type { Db } from '../storage/database.js';

/** Whether any user holds the management role, i.e. someone can administer this installation. */
export async function hasAdministrator(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users_roles')
    .select('user_id')
    .where('role_id', '=', MANAGEMENT_ROLE_ID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
