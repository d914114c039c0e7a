import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { CONSOLE_ROLE_ID } from '../../src/management/seed.js';
import { startTestService, type TestService } from '../support/service.js';

const PASSWORD = 'Tessera-Setup-2026!';

async function anonymousSetup(service: TestService, username: string) {
  const response = await fetch(`${service.baseUrl}/api/console/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; code?: string } };
}

async function setupNeeded(service: TestService): Promise<boolean> {
  const response = await fetch(`${service.baseUrl}/api/console/config`);
  return ((await response.json()) as { setupNeeded: boolean }).setupNeeded;
}

async function createUser(service: TestService, username: string): Promise<string> {
  const created = await service.api<{ id: string }>('POST', '/users', { username, password: PASSWORD });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return created.body.id;
}

async function createAdministrator(service: TestService, username: string): Promise<string> {
  const id = await createUser(service, username);
  const granted = await service.api('POST', `/users/${id}/roles`, { roleIds: [CONSOLE_ROLE_ID] });
  assert.equal(granted.status, 201, JSON.stringify(granted.body));
  return id;
}

async function usersNamed(service: TestService, username: string): Promise<unknown[]> {
  const found = await service.api<{ username: string }[]>('GET', '/users?page_size=100');
  return found.body.filter((user) => user.username === username);
}

function assertCode(answer: { status: number; body: unknown }, status: number, code: string) {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal((answer.body as { code?: string }).code, code);
}

describe('first-run setup closes for good', () => {
  it('an installation used only through the API (bootstrap client, users, no administrator) refuses setup', async () => {
    const service = await startTestService();
    assert.equal(await setupNeeded(service), true, 'a fresh installation offers setup');

    // A management call that only reads closes it already; the bootstrap client then adds users.
    assert.equal((await service.api('GET', '/applications')).status, 200);
    assert.equal(await setupNeeded(service), false);
    await createUser(service, 'api_end_user');

    assertCode(await anonymousSetup(service, 'intruder'), 409, 'console.setup_done');
    assert.deepEqual(await usersNamed(service, 'intruder'), []);
  });

  it('stays closed when the console administrators are gone and end users remain', async () => {
    const service = await startTestService();
    const first = await anonymousSetup(service, 'first_admin');
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await createAdministrator(service, 'second_admin');
    await createUser(service, 'end_user');

    assert.equal((await service.api('DELETE', `/users/${first.body.id}`)).status, 204);
    assertCode(await service.api('DELETE', `/users/${second}`), 422, 'user.last_administrator');

    // However the last one went (here an operator's SQL), setup does not come back.
    await service.service.storage.db
      .deleteFrom('users_roles')
      .where('role_id', '=', CONSOLE_ROLE_ID)
      .execute();
    assert.equal(await setupNeeded(service), false);
    assertCode(await anonymousSetup(service, 'intruder'), 409, 'console.setup_done');
    assert.deepEqual(await usersNamed(service, 'intruder'), []);
  });
});

describe('the last console administrator', async () => {
  const service = await startTestService();
  // Each case starts without administrators, so the ones it creates are all there are.
  beforeEach(() =>
    service.service.storage.db.deleteFrom('users_roles').where('role_id', '=', CONSOLE_ROLE_ID).execute(),
  );

  it('cannot be deleted, suspended or lose the console role by any route', async () => {
    const admin = await createAdministrator(service, 'only_admin');
    const role = await service.api<{ id: string }>('POST', '/roles', {
      name: 'support_desk',
      description: 'Support desk',
      type: 'User',
    });
    assert.equal(role.status, 200, JSON.stringify(role.body));
    const attempts: [string, string, unknown?][] = [
      ['DELETE', `/users/${admin}`],
      ['PATCH', `/users/${admin}/is-suspended`, { isSuspended: true }],
      ['DELETE', `/users/${admin}/roles/${CONSOLE_ROLE_ID}`],
      ['DELETE', `/roles/${CONSOLE_ROLE_ID}/users/${admin}`],
      ['PUT', `/users/${admin}/roles`, { roleIds: [] }],
      ['PUT', `/users/${admin}/roles`, { roleIds: [role.body.id] }],
    ];
    for (const [method, path, body] of attempts) {
      assertCode(await service.api(method, path, body), 422, 'user.last_administrator');
    }
    const still = await service.api<{ id: string }[]>('GET', `/users/${admin}/roles`);
    assert.deepEqual(
      still.body.map((held) => held.id),
      [CONSOLE_ROLE_ID],
    );
    // Keeping the console role while changing the others is no removal.
    const kept = await service.api('PUT', `/users/${admin}/roles`, {
      roleIds: [CONSOLE_ROLE_ID, role.body.id],
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));

    // With a second administrator who can sign in, the first may go; then the second is the last.
    const successor = await createAdministrator(service, 'successor_admin');
    assert.equal((await service.api('DELETE', `/users/${admin}/roles/${CONSOLE_ROLE_ID}`)).status, 204);
    assertCode(await service.api('DELETE', `/users/${successor}`), 422, 'user.last_administrator');
    assert.equal((await service.api('DELETE', `/users/${admin}`)).status, 204, 'no longer an administrator');
  });

  it('a suspended administrator does not count as the one who remains', async () => {
    const active = await createAdministrator(service, 'active_admin');
    const suspended = await createAdministrator(service, 'suspended_admin');
    const suspend = await service.api('PATCH', `/users/${suspended}/is-suspended`, { isSuspended: true });
    assert.equal(suspend.status, 200, JSON.stringify(suspend.body));
    assertCode(await service.api('DELETE', `/users/${active}`), 422, 'user.last_administrator');
    assert.equal((await service.api('DELETE', `/users/${suspended}`)).status, 204);
  });

  it('of two administrators deleted at once, one is refused', async () => {
    const ids = [await createAdministrator(service, 'twin_a'), await createAdministrator(service, 'twin_b')];
    const answers = await Promise.all(ids.map((id) => service.api('DELETE', `/users/${id}`)));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [204, 422]);
  });

  it('end users are deleted and suspended as before', async () => {
    const user = await createUser(service, 'plain_user');
    assert.equal(
      (await service.api('PATCH', `/users/${user}/is-suspended`, { isSuspended: true })).status,
      200,
    );
    assert.equal((await service.api('DELETE', `/users/${user}`)).status, 204);
  });
});
