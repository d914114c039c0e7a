// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { backend } from '../support/databases.js';
import { BOOTSTRAP_CLIENT, serviceEnv, startTestService, type TestService } from '../support/service.js';
import { clientCredentials, json } from '../support/http.js';
import { beginAuthorization, completeAuthorization, signInWithPassword } from '../support/oidc-sign-in.js';
import { sourceCli } from '../support/process.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { eventually } from '../webhooks/helpers.js';

interface KeyEntry {
  id: string;
  createdAt: number;
  signingKeyAlgorithm: 'EC' | 'RSA';
}

const jwks = async (baseUrl: string): Promise<JSONWebKeySet> => json(await fetch(`${baseUrl}/oidc/jwks`));
const kids = (set: JSONWebKeySet) => set.keys.map((key) => key.kid);

/** A management API access token straight from the token endpoint (never the cached one). */
async function freshToken(t: TestService, baseUrl = t.baseUrl): Promise<string> {
  const response = await clientCredentials(baseUrl, BOOTSTRAP_CLIENT, {
    resource: t.config.managementApiIndicator,
    scope: 'all',
  });
  assert.equal(response.status, 200);
  return (await json(response)).access_token;
}

/** A management call with a fresh token: the test service's cached one dies with its key. */
async function api<T>(t: TestService, method: string, path: string, body?: unknown) {
  const response = await fetch(`${t.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await freshToken(t)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const listResources = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/api/resources`, { headers: { authorization: `Bearer ${token}` } });

describe('signing key rotation', async () => {
  const t = await startTestService();

  it('signs with the new key, keeps the old one published for one token lifetime, then drops it', async () => {
    const before = await freshToken(t);
    const oldKid = decodeProtectedHeader(before).kid!;
    assert.deepEqual(kids(await jwks(t.baseUrl)), [oldKid]);

    const rotated = await api<KeyEntry[]>(t, 'POST', '/configs/oidc/private-keys/rotate', {});
    assert.equal(rotated.status, 200);
    assert.equal(rotated.body.length, 2);
    const [newest, previous] = rotated.body;
    assert.equal(newest!.signingKeyAlgorithm, 'EC');
    assert.equal(previous!.id, oldKid);
    const listed = await api<KeyEntry[]>(t, 'GET', '/configs/oidc/private-keys');
    assert.deepEqual(listed.body, rotated.body);

    const published = await jwks(t.baseUrl);
    assert.deepEqual(kids(published), [newest!.id, oldKid]);
    // A token signed before the rotation still verifies, against the JWKS and at the API.
    await jwtVerify(before, createLocalJWKSet(published), { issuer: t.config.issuer });
    assert.equal((await listResources(t.baseUrl, before)).status, 200);
    const after = await freshToken(t);
    assert.equal(decodeProtectedHeader(after).kid, newest!.id);
    assert.equal((await listResources(t.baseUrl, after)).status, 200);

    // One token lifetime later (the rotation moved back in time by three hours) the old key is gone.
    await sql`UPDATE signing_keys SET created_at = created_at - interval '3 hours'`.execute(
      t.service.storage.db,
    );
    await eventually(
      () => jwks(t.baseUrl),
      (set) => set.keys.length === 1,
      60_000,
    );
    assert.deepEqual(kids(await jwks(t.baseUrl)), [newest!.id]);
    assert.equal((await listResources(t.baseUrl, before)).status, 401);
    assert.equal((await listResources(t.baseUrl, after)).status, 200);
  });

  it('refuses to withdraw the last key and an unknown one; withdraws an older one at once', async () => {
    const missing = await api(t, 'DELETE', '/configs/oidc/private-keys/no-such-key');
    assert.equal(missing.status, 404);
    const only = await api<KeyEntry[]>(t, 'GET', '/configs/oidc/private-keys');
    if (only.body.length === 1) {
      const refused = await api<{ code: string }>(
        t,
        'DELETE',
        `/configs/oidc/private-keys/${only.body[0]!.id}`,
      );
      assert.equal(refused.status, 422);
      assert.equal(refused.body.code, 'oidc.key_required');
    }
    const rotated = await api<KeyEntry[]>(t, 'POST', '/configs/oidc/private-keys/rotate', {
      signingKeyAlgorithm: 'EC',
    });
    const older = rotated.body[1]!.id;
    assert.equal((await api(t, 'DELETE', `/configs/oidc/private-keys/${older}`)).status, 204);
    assert.ok(!kids(await jwks(t.baseUrl)).includes(older));
    const wrongType = await api(t, 'GET', '/configs/oidc/public-keys');
    assert.equal(wrongType.status, 400);
  });

  it('with an RSA key, signs RS256 ID tokens and access tokens a real OIDC client verifies', async () => {
    const rotated = await api<KeyEntry[]>(t, 'POST', '/configs/oidc/private-keys/rotate', {
      signingKeyAlgorithm: 'RSA',
    });
    assert.equal(rotated.body[0]!.signingKeyAlgorithm, 'RSA');
    const discovery = await json(await fetch(`${t.config.issuer}/.well-known/openid-configuration`));
    assert.ok(discovery.id_token_signing_alg_values_supported.includes('RS256'));

    const accessToken = await freshToken(t);
    assert.deepEqual(decodeProtectedHeader(accessToken), {
      alg: 'RS256',
      typ: 'at+jwt',
      kid: rotated.body[0]!.id,
    });
    await jwtVerify(accessToken, createLocalJWKSet(await jwks(t.baseUrl)), { algorithms: ['RS256'] });

    const password = 'correct horse battery staple';
    const user = await createUser(t, password);
    const app = await createApplication(t, 'Traditional');
    const authorization = await beginAuthorization(t, app);
    // openid-client then verifies the ID token's signature against the JWKS, not only its claims.
    oidc.enableNonRepudiationChecks(authorization.client);
    const redirectTo = await signInWithPassword(t, authorization.browser, user.username, password);
    const tokens = await completeAuthorization(authorization, redirectTo);
    assert.equal(decodeProtectedHeader(tokens.id_token!).alg, 'RS256');
    assert.equal(tokens.claims()?.sub, user.id);
  });
});

// PGlite is one process's embedded database: instances cannot share it.
describe(
  'a rotation seen by a second instance on one PostgreSQL',
  { skip: backend !== 'postgres' },
  async () => {
    if (backend !== 'postgres') return;
    const first = await startTestService({ manualStop: true });
    const second = await startTestService({
      database: first.database,
      env: { BASE_URL: first.config.baseUrl },
      manualStop: true,
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    it('signs with a key rotated through the other instance, and with one from tessera rotate-keys', async () => {
      const rotated = await api<KeyEntry[]>(first, 'POST', '/configs/oidc/private-keys/rotate', {});
      const newKid = rotated.body[0]!.id;
      // At once, before the second instance's periodic refresh: a token the first signs with the
      // new key is accepted by the second, which re-reads the keys when it meets an unknown kid.
      const signedAtOnce = await freshToken(first);
      assert.equal(decodeProtectedHeader(signedAtOnce).kid, newKid);
      assert.equal((await listResources(second.baseUrl, signedAtOnce)).status, 200);
      await eventually(
        () => jwks(second.baseUrl),
        (set) => kids(set)[0] === newKid,
        60_000,
      );
      const token = await freshToken(first, second.baseUrl);
      assert.equal(decodeProtectedHeader(token).kid, newKid);
      assert.equal((await listResources(first.baseUrl, token)).status, 200);

      const env = { ...process.env, ...serviceEnv(0, first.database) };
      const command = spawnSync(process.execPath, [...sourceCli, 'rotate-keys', '--type', 'rsa'], {
        env,
        encoding: 'utf8',
      });
      assert.equal(command.status, 0, command.stderr);
      const signing = /signing key (\w+) \(RSA\): signs new tokens/.exec(command.stderr);
      assert.ok(signing, command.stderr);
      for (const instance of [first, second]) {
        await eventually(
          () => jwks(instance.baseUrl),
          (set) => kids(set)[0] === signing[1],
          60_000,
        );
        const rsa = await freshToken(first, instance.baseUrl);
        assert.equal(decodeProtectedHeader(rsa).alg, 'RS256');
      }
    });
  },
);
