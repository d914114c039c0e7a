import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';
import { digests, hex, password, storedPassword } from '../experience/imported-password-fixtures.js';

// Logto's `passwordDigest` + `passwordAlgorithm` on the management API: set with PATCH, checked by
// `…/password/verify`, and every digest that could never match is refused when it is imported.
describe('password digests on the management API', async () => {
  const t = await startTestService();

  it('sets an imported digest with PATCH /users/:id/password, and checks it with …/password/verify', async () => {
    const user = await apiOk<{ id: string }>(t, 'POST', '/users', {
      username: `u_${newId(8)}`,
      password: 'old one',
    });
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

    assert.equal(
      (await t.api('PATCH', `/users/${user.id}/password`, { password: 'a clear one' })).status,
      200,
    );
    assert.equal((await storedPassword(t, user.id)).password_algorithm, 'Argon2id');
  });

  it('verifies every Legacy form Logto documents, with the vectors of its migration guide', async () => {
    // docs.logto.io/user-management/user-migration: "password123" under a salted node:crypto hash
    // and under pbkdf2 (salt, iterations, keylen, digest, "@"); the password alone; the salt after it.
    const documented = 'password123';
    const forms: [string, string][] = [
      [
        'salted hash',
        JSON.stringify([
          'sha256',
          ['salt123', '@'],
          'c465f66c6ac481a7a17e9ed5b4e2e7e7288d892f12bf1c95c140901e9a70436e',
        ]),
      ],
      [
        'pbkdf2',
        JSON.stringify([
          'pbkdf2',
          ['salt', '1000', '20', 'sha512', '@'],
          '0ecb3c32f57685303ff0878481d223bc1a16eb13',
        ]),
      ],
      ['the password alone', JSON.stringify(['md5', ['@'], hex('md5', documented)])],
      [
        'salt after the password',
        JSON.stringify(['sha1', ['@', 'pepper'], hex('sha1', `${documented}pepper`)]),
      ],
      ['upper-case hex', JSON.stringify(['sha512', ['@'], hex('sha512', documented).toUpperCase()])],
    ];
    for (const [form, passwordDigest] of forms) {
      const user = await t.api<{ id: string }>('POST', '/users', {
        username: `legacy_${newId(8)}`,
        passwordDigest,
        passwordAlgorithm: 'Legacy',
      });
      assert.equal(user.status, 200, `${form}: ${JSON.stringify(user.body)}`);
      const verify = (candidate: string) =>
        t.api('POST', `/users/${user.body.id}/password/verify`, { password: candidate });
      assert.equal((await verify(documented)).status, 204, form);
      assert.equal((await verify('password124')).status, 422, form);
    }
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
