import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SecretBox } from '../../src/storage/secret-box.js';
import { secretDigest } from '../../src/storage/ids.js';
import { apiOk, clientCredentials } from '../support/http.js';
import { BOOTSTRAP_CLIENT, startTestService } from '../support/service.js';

interface Application {
  id: string;
  secret: string;
}
interface Secret {
  applicationId: string;
  name: string;
  createdAt: number;
  expiresAt: number | null;
  value: string | null;
}
interface ErrorBody {
  code: string;
}
interface Log {
  key: string;
  payload: Record<string, unknown>;
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

  /** The audit entries of reveals of this application's secret values. */
  const reveals = async (applicationId: string) =>
    (await apiOk<Log[]>(t, 'GET', `/logs?key=ApplicationSecret.Reveal&applicationId=${applicationId}`)).map(
      (log) => log.payload,
    );

  it('creates a Default secret with a confidential application, and it authenticates', async () => {
    const app = await newApp();
    const [listed, ...others] = await apiOk<Secret[]>(t, 'GET', `/applications/${app.id}/secrets`);
    assert.deepEqual(others, []);
    assert.equal(listed!.name, 'Default secret');
    assert.equal(listed!.expiresAt, null);
    assert.ok(listed!.value && listed!.value.length >= 32 && listed!.value !== app.secret);
    assert.equal(await authStatus(app.id, listed!.value), 200);

    const web = await apiOk<Application>(t, 'POST', '/applications', {
      name: 'web',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://web.example.com/cb'], postLogoutRedirectUris: [] },
    });
    const webSecrets = await apiOk<Secret[]>(t, 'GET', `/applications/${web.id}/secrets`);
    assert.deepEqual(
      webSecrets.map((s) => s.name),
      ['Default secret'],
    );
    const spa = await apiOk<Application>(t, 'POST', '/applications', { name: 'spa', type: 'SPA' });
    assert.deepEqual(await apiOk<Secret[]>(t, 'GET', `/applications/${spa.id}/secrets`), []);
  });

  it('keeps several named secrets valid at once, encrypted, and audits every reveal', async () => {
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
    assert.deepEqual(await reveals(app.id), [], 'creating shows a value without a reveal entry');

    const listed = await apiOk<Secret[]>(t, 'GET', `/applications/${app.id}/secrets`);
    assert.deepEqual(
      listed.slice(1).map((s) => [s.name, s.value]),
      [
        ['blue', blue],
        ['green', green],
      ],
    );
    const [entry, ...more] = await reveals(app.id);
    assert.deepEqual(more, []);
    assert.deepEqual(entry!.secretNames, ['Default secret', 'blue', 'green']);
    assert.equal(entry!.applicationId, app.id);
    assert.deepEqual(entry!.reader, { applicationId: BOOTSTRAP_CLIENT.id, userId: null });
    const logged = JSON.stringify(entry);
    for (const value of listed.map((s) => s.value!)) assert.ok(!logged.includes(value), 'no value logged');

    const renamed = await apiOk<Secret>(t, 'PATCH', `/applications/${app.id}/secrets/blue`, { name: 'navy' });
    assert.equal(renamed.value, blue, 'as Logto, the renamed secret comes back whole');
    assert.deepEqual((await reveals(app.id)).length, 2, 'and that reveal is audited');

    const stored = await db
      .selectFrom('application_secrets')
      .selectAll()
      .where('application_id', '=', app.id)
      .execute();
    assert.equal(stored.length, 3);
    for (const row of stored) {
      assert.match(row.digest, /^[0-9a-f]{64}$/);
      assert.match(row.sealed_value!, /^v1\./);
      assert.ok(![blue, green].some((value) => row.sealed_value!.includes(value)));
    }
  });

  it('seals under a configured key, opens only with a known key and the same application', async () => {
    const app = await newApp();
    const generated = t.service.app.services.secretBox;
    const configured = await SecretBox.load(db, [Buffer.alloc(32, 7)]);
    const context = `application-secret:${app.id}`;
    const sealed = configured.seal('s3cret', context);
    assert.equal(configured.open(sealed, context), 's3cret');
    assert.equal(generated.open(sealed, context), undefined, 'a key the installation does not hold');
    assert.equal(configured.open(sealed, 'application-secret:other'), undefined);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    assert.equal(configured.open(tampered, context), undefined);
    // Values sealed before a key was configured still open: the generated key is kept for reading.
    assert.equal(configured.open(generated.seal('older', context), context), 'older');
  });

  it('lists secrets stored as digests before values were kept without a value; they authenticate', async () => {
    const app = await newApp();
    const value = 'a-secret-from-before-values-were-kept-0123456789';
    await db
      .insertInto('application_secrets')
      .values({ application_id: app.id, name: 'old', digest: secretDigest(value), expires_at: null })
      .execute();
    const listed = await apiOk<Secret[]>(t, 'GET', `/applications/${app.id}/secrets`);
    assert.deepEqual(
      listed.map((s) => [s.name, s.value === null]),
      [
        ['Default secret', false],
        ['old', true],
      ],
    );
    assert.deepEqual((await reveals(app.id))[0]!.secretNames, ['Default secret']);
    assert.equal(await authStatus(app.id, value), 200);
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
    assert.deepEqual(names, ['Default secret', 'taken', 'other'], 'refused calls changed nothing');
  });
});

describe('application secrets shown once (TESSERA_APPLICATION_SECRETS_SHOWN_ONCE)', async () => {
  const t = await startTestService({ env: { TESSERA_APPLICATION_SECRETS_SHOWN_ONCE: 'true' } });

  it('shows a value only when created, keeps only its digest, and it authenticates', async () => {
    const app = await apiOk<Application>(t, 'POST', '/applications', {
      name: 'm2m',
      type: 'MachineToMachine',
    });
    const created = await apiOk<Secret>(t, 'POST', `/applications/${app.id}/secrets`, { name: 'once' });
    assert.ok(created.value);
    const listed = await apiOk<Secret[]>(t, 'GET', `/applications/${app.id}/secrets`);
    assert.deepEqual(
      listed.map((s) => [s.name, s.value]),
      [
        ['Default secret', null],
        ['once', null],
      ],
    );
    const rows = await t.service.storage.db
      .selectFrom('application_secrets')
      .select('sealed_value')
      .where('application_id', '=', app.id)
      .execute();
    assert.deepEqual(
      rows.map((row) => row.sealed_value),
      [null, null],
    );
    const logs = await apiOk<Log[]>(t, 'GET', `/logs?key=ApplicationSecret.Reveal&applicationId=${app.id}`);
    assert.deepEqual(logs, []);
    const status = (
      await clientCredentials(
        t.baseUrl,
        { id: app.id, secret: created.value },
        { resource: t.config.managementApiIndicator },
      )
    ).status;
    assert.equal(status, 200);
  });
});
