import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOk, clientCredentials } from '../support/http.js';
import { startTestService } from '../support/service.js';

interface Application {
  id: string;
  secret: string;
}
interface Secret {
  applicationId: string;
  name: string;
  createdAt: number;
  expiresAt: number | null;
  value?: string;
}
interface ErrorBody {
  code: string;
}

describe('application secrets for rotation', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  let counter = 0;
  const newApp = () =>
    apiOk<Application>(t, 'POST', '/applications', { name: `m2m ${++counter}`, type: 'MachineToMachine' });
  /** The status of a client_credentials request for the management API with this secret. */
  const authStatus = async (id: string, secret: string) =>
    (await clientCredentials(t.baseUrl, { id, secret }, { resource: t.config.managementApiIndicator }))
      .status;
  const expectError = async (method: string, path: string, body: unknown, status: number, code: string) => {
    const response = await t.api<ErrorBody>(method, path, body);
    assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.code, code, `${method} ${path}`);
  };

  it('keeps several named secrets valid at once, with the legacy one, and only their digests', async () => {
    const app = await newApp();
    const created = await t.api<Secret>('POST', `/applications/${app.id}/secrets`, { name: 'blue' });
    assert.equal(created.status, 201);
    assert.equal(created.body.applicationId, app.id);
    assert.equal(created.body.expiresAt, null);
    const blue = created.body.value!;
    assert.ok(blue.length >= 32);
    const green = (await apiOk<Secret>(t, 'POST', `/applications/${app.id}/secrets`, { name: 'green' }))
      .value!;

    for (const secret of [app.secret, blue, green]) assert.equal(await authStatus(app.id, secret), 200);
    assert.equal(await authStatus(app.id, `${blue}x`), 401);

    const listed = await apiOk<Secret[]>(t, 'GET', `/applications/${app.id}/secrets`);
    assert.deepEqual(
      listed.map((s) => [s.name, s.value]),
      [
        ['blue', undefined],
        ['green', undefined],
      ],
    );
    const stored = await db
      .selectFrom('application_secrets')
      .selectAll()
      .where('application_id', '=', app.id)
      .execute();
    assert.equal(stored.length, 2);
    assert.ok(
      stored.every((row) => row.digest !== blue && row.digest !== green && /^[0-9a-f]{64}$/.test(row.digest)),
    );
  });

  it('rotates: a deleted secret or the removed legacy secret stops working at once', async () => {
    const app = await newApp();
    const next = (await apiOk<Secret>(t, 'POST', `/applications/${app.id}/secrets`, { name: 'next' })).value!;
    const removed = await t.api<Application>('DELETE', `/applications/${app.id}/legacy-secret`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.secret, '');
    assert.equal(await authStatus(app.id, app.secret), 401, 'the legacy secret no longer authenticates');
    assert.equal(await authStatus(app.id, next), 200);
    await expectError(
      'DELETE',
      `/applications/${app.id}/legacy-secret`,
      undefined,
      400,
      'application.no_legacy_secret_found',
    );

    const renamed = await t.api<Secret>('PATCH', `/applications/${app.id}/secrets/next`, { name: 'current' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'current');
    assert.equal(await authStatus(app.id, next), 200, 'renaming keeps the value');
    assert.equal((await t.api('DELETE', `/applications/${app.id}/secrets/current`)).status, 204);
    assert.equal(await authStatus(app.id, next), 401);
  });

  it('refuses an expired secret', async () => {
    const app = await newApp();
    const expiresAt = Date.now() + 3_600_000;
    const created = await apiOk<Secret>(t, 'POST', `/applications/${app.id}/secrets`, {
      name: 'soon',
      expiresAt,
    });
    assert.equal(created.expiresAt, expiresAt);
    assert.equal(await authStatus(app.id, created.value!), 200);
    // Expire it in the database, then drop the cached client through a rename.
    await db
      .updateTable('application_secrets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('application_id', '=', app.id)
      .execute();
    await apiOk(t, 'PATCH', `/applications/${app.id}/secrets/soon`, { name: 'gone' });
    assert.equal(await authStatus(app.id, created.value!), 401);
    assert.equal(await authStatus(app.id, app.secret), 200, 'the legacy secret is unaffected');
  });

  it('answers bad input with Logto codes', async () => {
    const app = await newApp();
    const base = `/applications/${app.id}/secrets`;
    await apiOk(t, 'POST', base, { name: 'taken' });
    await apiOk(t, 'POST', base, { name: 'other' });
    await expectError('POST', base, { name: 'taken' }, 422, 'application.secret_name_exists');
    await expectError('PATCH', `${base}/other`, { name: 'taken' }, 422, 'application.secret_name_exists');
    await expectError(
      'POST',
      base,
      { name: 'past', expiresAt: Date.now() - 1 },
      400,
      'request.invalid_input',
    );
    await expectError('POST', base, { name: '' }, 400, 'guard.invalid_input');
    await expectError('POST', base, { name: 'x', expiresAt: 'tomorrow' }, 400, 'guard.invalid_input');
    await expectError('POST', base, {}, 400, 'guard.invalid_input');
    await expectError('PATCH', `${base}/missing`, { name: 'y' }, 404, 'entity.not_found');
    await expectError('DELETE', `${base}/missing`, undefined, 404, 'entity.not_found');
    for (const [method, path, body] of [
      ['GET', '/applications/nope/secrets', undefined],
      ['POST', '/applications/nope/secrets', { name: 'x' }],
      ['PATCH', '/applications/nope/secrets/x', { name: 'y' }],
      ['DELETE', '/applications/nope/secrets/x', undefined],
      ['DELETE', '/applications/nope/legacy-secret', undefined],
    ] as const) {
      await expectError(method, path, body, 404, 'entity.not_exists_with_id');
    }
    const names = (await apiOk<Secret[]>(t, 'GET', base)).map((s) => s.name);
    assert.deepEqual(names, ['taken', 'other'], 'refused calls changed nothing');
  });
});
