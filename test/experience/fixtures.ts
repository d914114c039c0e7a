import { apiOk } from '../support/http.js';
import type { TestService } from '../support/service.js';

// The impersonation tests import these from here; they live in test/support.
export { createApplication, createUser, type TestApplication } from '../support/sign-in-fixtures.js';

/** Through the management API, which also revokes the user's grants. */
export async function suspendThroughApi(t: TestService, userId: string, isSuspended: boolean) {
  await apiOk(t, 'PATCH', `/users/${userId}/is-suspended`, { isSuspended });
}

/** Directly in the table: what oidc-provider's account lookup alone must enforce. */
export async function markSuspended(t: TestService, userId: string, suspended: boolean) {
  await t.service.storage.db
    .updateTable('users')
    .set({ is_suspended: suspended })
    .where('id', '=', userId)
    .execute();
}
