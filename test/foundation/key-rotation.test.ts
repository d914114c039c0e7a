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

// Keys re-read every second: a rotated-in key is published for 2 s before it signs.
// A new key waits two refreshes before it signs; with 1 s, a loaded host's instance refreshed too
// late for a relying party's copy of its JWKS read just before.
const refreshEnv = { TESSERA_SIGNING_KEY_REFRESH_SECONDS: '3' };
// Where a test reads the pending period's state right after rotating, 10 s of it: on a loaded
// machine 2 s had passed before the next read.
const slowRefreshEnv = { TESSERA_SIGNING_KEY_REFRESH_SECONDS: '5' };

/** The kid of a token fresh from the token endpoint, once it is `kid` (after the pending period). */
const signedWith = (t: TestService, kid: string, baseUrl = t.baseUrl) =>
  eventually(
    () => freshToken(t, baseUrl),
    (token) => decodeProtectedHeader(token).kid === kid,
    30_000,
  );

describe('signing key rotation', async () => {
  const t = await startTestService({ env: slowRefreshEnv });

  it('publishes the new key, signs with it after the pending period, keeps the old one published for one token lifetime, then drops it', async () => {
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

    // Published at once (the signing key listed first), signing only after the pending period.
    const published = await jwks(t.baseUrl);
    assert.deepEqual(kids(published), [oldKid, newest!.id]);
    assert.equal(decodeProtectedHeader(await freshToken(t)).kid, oldKid);
    // A token signed before the rotation still verifies, against the JWKS and at the API.
    await jwtVerify(before, createLocalJWKSet(published), { issuer: t.config.issuer });
    assert.equal((await listResources(t.baseUrl, before)).status, 200);
    const after = await signedWith(t, newest!.id);
    // The JWKS read before the switch verifies the tokens after it.
    await jwtVerify(after, createLocalJWKSet(published), { issuer: t.config.issuer });
    assert.equal((await listResources(t.baseUrl, after)).status, 200);
    assert.deepEqual(kids(await jwks(t.baseUrl)), [newest!.id, oldKid]);

    // One token lifetime later (the rotation moved back in time by three hours) the old key is gone.
    await sql`UPDATE signing_keys SET created_at = created_at - interval '3 hours',
                activates_at = activates_at - interval '3 hours'`.execute(t.service.storage.db);
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

    const accessToken = await signedWith(t, rotated.body[0]!.id);
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

/** Whether `token` verifies against `set` (a JWKS read before the token was issued). */
const verifiesWith = (token: string, set: JSONWebKeySet, issuer: string) =>
  jwtVerify(token, createLocalJWKSet(set), { issuer }).then(
    () => true,
    () => false,
  );

// PGlite is one process's embedded database: instances cannot share it.
describe(
  'a rotation on one of two instances on one PostgreSQL',
  { skip: backend !== 'postgres' },
  async () => {
    if (backend !== 'postgres') return;
    const first = await startTestService({ manualStop: true, env: refreshEnv });
    const second = await startTestService({
      database: first.database,
      env: { ...refreshEnv, BASE_URL: first.config.baseUrl },
      manualStop: true,
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });
    const pair = [
      { issuer: first, verifier: second },
      { issuer: second, verifier: first },
    ];
    const { issuer } = first.config;

    /**
     * Token requests at both instances, each token checked at the other one's API and against the
     * other one's JWKS as read before the token was issued (a relying party's cached copy), until
     * both have signed with `kid` three times. Returns the refusals, and whether a JWKS read before
     * a token carrying `kid` lacked it.
     */
    async function exchangeUntilSignedWith(kid: string) {
      const refusals: string[] = [];
      let unpublished = false;
      const signedWithNew = new Map<TestService, number>();
      const deadline = Date.now() + 30_000;
      while ([first, second].some((t) => (signedWithNew.get(t) ?? 0) < 3)) {
        assert.ok(Date.now() < deadline, 'both instances sign with the new key within 30 s');
        const sets = new Map(
          await Promise.all([first, second].map(async (t) => [t, await jwks(t.baseUrl)] as const)),
        );
        for (const { issuer: at, verifier } of pair) {
          const token = await freshToken(first, at.baseUrl);
          if (decodeProtectedHeader(token).kid === kid) {
            signedWithNew.set(at, (signedWithNew.get(at) ?? 0) + 1);
            if ([...sets.values()].some((set) => !kids(set).includes(kid))) unpublished = true;
          }
          const status = (await listResources(verifier.baseUrl, token)).status;
          if (status !== 200) refusals.push(`API of the other instance: ${status}`);
          if (!(await verifiesWith(token, sets.get(verifier)!, issuer)))
            refusals.push(`JWKS of the other instance: ${kids(sets.get(verifier)!).join(',')}`);
        }
      }
      return { refusals, unpublished };
    }

    it('publishes the new key at both instances before either signs with it, and no token is refused', async () => {
      const rotated = await api<KeyEntry[]>(first, 'POST', '/configs/oidc/private-keys/rotate', {});
      const { refusals, unpublished } = await exchangeUntilSignedWith(rotated.body[0]!.id);
      assert.deepEqual(refusals, []);
      assert.equal(unpublished, false, 'the new kid was in both JWKS before any token carried it');
    });

    it('does the same for a key from tessera rotate-keys', async () => {
      const env = { ...process.env, ...serviceEnv(0, first.database, refreshEnv) };
      const command = spawnSync(process.execPath, [...sourceCli, 'rotate-keys', '--type', 'rsa'], {
        env,
        encoding: 'utf8',
      });
      assert.equal(command.status, 0, command.stderr);
      const pending = /signing key (\w+) \(RSA\): published now, signs new tokens from/.exec(command.stderr);
      assert.ok(pending, command.stderr);
      const { refusals, unpublished } = await exchangeUntilSignedWith(pending[1]!);
      assert.deepEqual(refusals, []);
      assert.equal(unpublished, false);
      assert.equal(decodeProtectedHeader(await freshToken(first, second.baseUrl)).alg, 'RS256');
    });
  },
);
