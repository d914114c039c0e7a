import assert from 'node:assert/strict';
import { createHash, pbkdf2Sync } from 'node:crypto';
import { describe, it } from 'node:test';
import { hash as argon2 } from '@node-rs/argon2';
import { hash as bcrypt } from '@node-rs/bcrypt';
import { newId } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { beginAuthorization, completeAuthorization, signIn } from '../support/oidc-sign-in.js';
import { startTestService, type TestService } from '../support/service.js';
import { createApplication, type TestApplication } from '../support/sign-in-fixtures.js';

// Users imported from another system with Logto's `passwordDigest` + `passwordAlgorithm` sign in
// with their password through the Experience API; the digest then becomes argon2id.

const password = 'imported Pa55word!';
const hex = (algorithm: string, input: string) => createHash(algorithm).update(input).digest('hex');
// The package's Algorithm enum is ambient (const): 0 = Argon2d, 1 = Argon2i, 2 = Argon2id. Cheap
// parameters, so argon2id digests are upgraded too.
const cheapArgon2 = { memoryCost: 1024, timeCost: 2, parallelism: 1 };

const digests: Record<string, () => Promise<string>> = {
  Argon2i: () => argon2(password, { ...cheapArgon2, algorithm: 1 as const }),
  Argon2id: () => argon2(password, { ...cheapArgon2, algorithm: 2 as const }),
  Argon2d: () => argon2(password, { ...cheapArgon2, algorithm: 0 as const }),
  Bcrypt: async () => (await bcrypt(password, 4)).replace(/^\$2b\$/, '$2a$'),
  SHA1: async () => hex('sha1', password),
  SHA256: async () => hex('sha256', password).toUpperCase(),
  MD5: async () => hex('md5', password),
  Legacy: async () =>
    JSON.stringify(['sha256', ['s4lt', '@', 'pepper'], hex('sha256', `s4lt${password}pepper`)]),
};

async function storedPassword(t: TestService, userId: string) {
  return t.service.storage.db
    .selectFrom('users')
    .select(['password_hash', 'password_algorithm'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function importUser(t: TestService, passwordAlgorithm: string, passwordDigest: string) {
  const username = `imported_${newId(8)}`;
  const user = await apiOk<{ id: string; hasPassword: boolean }>(t, 'POST', '/users', {
    username,
    passwordDigest,
    passwordAlgorithm,
  });
  assert.equal(user.hasPassword, true, `${passwordAlgorithm}: the digest is stored`);
  return { id: user.id, username };
}

/**
 * One sign-in through the Experience API and a real OIDC client: first a wrong password (refused),
 * then the right one in the same interaction; the ID token's subject.
 */
async function signInAfterWrongPassword(t: TestService, app: TestApplication, username: string) {
  const authorization = await beginAuthorization(t, app);
  const experience = (method: string, path: string, body?: unknown) =>
    authorization.browser.call(t.baseUrl, method, `/api/experience${path}`, body);
  assert.equal((await experience('PUT', '', { interactionEvent: 'SignIn' })).status, 204);
  const identifier = { type: 'username', value: username };
  const wrong = await experience('POST', '/verification/password', { identifier, password: `${password}x` });
  assert.equal(wrong.status, 422);
  assert.equal(wrong.body.code, 'session.invalid_credentials');
  const right = await experience('POST', '/verification/password', { identifier, password });
  assert.equal(right.status, 200, JSON.stringify(right.body));
  const { verificationId } = right.body;
  assert.equal((await experience('POST', '/identification', { verificationId })).status, 204);
  const submit = await experience('POST', '/submit');
  assert.equal(submit.status, 200, JSON.stringify(submit.body));
  const tokens = await completeAuthorization(authorization, submit.body.redirectTo);
  return tokens.claims()?.sub;
}

describe('imported password digests', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');

  for (const [algorithm, digestOf] of Object.entries(digests)) {
    it(`signs in a user imported with ${algorithm}, then stores argon2id`, async () => {
      const digest = await digestOf();
      const user = await importUser(t, algorithm, digest);
      const imported = await storedPassword(t, user.id);
      assert.equal(imported.password_algorithm, algorithm);

      assert.equal(await signInAfterWrongPassword(t, app, user.username), user.id);
      const upgraded = await storedPassword(t, user.id);
      assert.equal(upgraded.password_algorithm, 'Argon2id');
      assert.match(upgraded.password_hash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.notEqual(upgraded.password_hash, digest);
      const verify = (attempt: string) =>
        t.api('POST', `/users/${user.id}/password/verify`, { password: attempt });
      assert.equal((await verify(password)).status, 204, 'the argon2id hash takes the same password');
      assert.equal((await verify(`${password}x`)).status, 422);
    });
  }

  it('takes a pbkdf2 Legacy digest (Logto: [salt, iterations, keylen, digest, "@"])', async () => {
    const derived = pbkdf2Sync(password, 'NaCl', 1000, 20, 'sha512').toString('hex');
    const user = await importUser(
      t,
      'Legacy',
      JSON.stringify(['pbkdf2', ['NaCl', '1000', '20', 'sha512', '@'], derived]),
    );
    assert.equal(await signInAfterWrongPassword(t, app, user.username), user.id);
    assert.equal((await storedPassword(t, user.id)).password_algorithm, 'Argon2id');
  });

  it('sets an imported digest with PATCH /users/:id/password, and checks it with …/password/verify', async () => {
    const user = await apiOk<{ id: string }>(t, 'POST', '/users', {
      username: `u_${newId(8)}`,
      password: 'old one',
    });
    const username = (await apiOk<{ username: string }>(t, 'GET', `/users/${user.id}`)).username;
    const set = await t.api('PATCH', `/users/${user.id}/password`, {
      passwordDigest: hex('sha1', password),
      passwordAlgorithm: 'SHA1',
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal((await storedPassword(t, user.id)).password_algorithm, 'SHA1');
    assert.equal((await t.api('POST', `/users/${user.id}/password/verify`, { password })).status, 204);
    const mismatch = await t.api<{ code: string }>('POST', `/users/${user.id}/password/verify`, {
      password: 'old one',
    });
    assert.equal(mismatch.status, 422);
    assert.equal(mismatch.body.code, 'session.invalid_credentials');
    const { tokens } = await signIn(t, app, { username }, password);
    assert.equal(tokens.claims()?.sub, user.id);

    assert.equal(
      (await t.api('PATCH', `/users/${user.id}/password`, { password: 'a clear one' })).status,
      200,
    );
    assert.equal((await storedPassword(t, user.id)).password_algorithm, 'Argon2id');
  });

  it('refuses an unknown algorithm, a malformed digest and incomplete pairs with a code, creating no one', async () => {
    const username = `refused_${newId(8)}`;
    const refusals: [Record<string, unknown>, string][] = [
      [
        { passwordDigest: hex('sha512', password), passwordAlgorithm: 'SHA512' },
        'password.unsupported_encryption_method',
      ],
      [
        { passwordDigest: hex('sha1', password), passwordAlgorithm: 'MD5' },
        'password.invalid_password_digest',
      ],
      [{ passwordDigest: 'zz'.repeat(32), passwordAlgorithm: 'SHA256' }, 'password.invalid_password_digest'],
      [{ passwordDigest: '$2b$04$short', passwordAlgorithm: 'Bcrypt' }, 'password.invalid_password_digest'],
      [
        { passwordDigest: await digests.Argon2i!(), passwordAlgorithm: 'Argon2id' },
        'password.invalid_password_digest',
      ],
      // 1 GiB per attempt: over the bound an imported digest may cost at every sign-in.
      [
        {
          passwordDigest: '$argon2id$v=19$m=1048576,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
          passwordAlgorithm: 'Argon2id',
        },
        'password.invalid_password_digest',
      ],
      [
        { passwordDigest: 'sha256:salt:abc', passwordAlgorithm: 'Legacy' },
        'password.invalid_legacy_password_format',
      ],
      [
        {
          passwordDigest: JSON.stringify(['sha256', ['salt'], hex('sha256', 'salt')]),
          passwordAlgorithm: 'Legacy',
        },
        'password.invalid_legacy_password_format',
      ],
      [
        { passwordDigest: JSON.stringify(['whirlpool-9', ['@'], 'ab']), passwordAlgorithm: 'Legacy' },
        'password.unsupported_legacy_hash_algorithm',
      ],
      [
        {
          passwordDigest: JSON.stringify([
            'pbkdf2',
            ['salt', '99999999', '20', 'sha1', '@'],
            'ab'.repeat(20),
          ]),
          passwordAlgorithm: 'Legacy',
        },
        'password.invalid_legacy_password_format',
      ],
      [
        { password, passwordDigest: hex('md5', password), passwordAlgorithm: 'MD5' },
        'user.password_and_digest',
      ],
      [{ passwordDigest: hex('md5', password) }, 'user.password_algorithm_required'],
      [{ password, passwordAlgorithm: 'MD5' }, 'user.password_digest_required'],
    ];
    for (const [body, code] of refusals) {
      const response = await t.api<{ code: string; message: string }>('POST', '/users', {
        username,
        ...body,
      });
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.code, code, JSON.stringify(body));
      assert.ok(response.body.message.length > 0);
    }
    const existing = await t.api<unknown[]>('GET', `/users?search.username=${username}`);
    assert.deepEqual(existing.body, [], 'no refused import created a user');

    const user = await apiOk<{ id: string }>(t, 'POST', '/users', { username });
    const patch = await t.api<{ code: string }>('PATCH', `/users/${user.id}/password`, {
      passwordDigest: 'not-hex',
      passwordAlgorithm: 'SHA1',
    });
    assert.equal(patch.status, 400);
    assert.equal(patch.body.code, 'password.invalid_password_digest');
    const empty = await t.api<{ code: string }>('PATCH', `/users/${user.id}/password`, {});
    assert.equal(empty.status, 400);
    assert.equal(empty.body.code, 'guard.invalid_input');
    assert.equal((await storedPassword(t, user.id)).password_hash, null);
  });
});
