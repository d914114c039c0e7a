import assert from 'node:assert/strict';
import { pbkdf2Sync } from 'node:crypto';
import { describe, it } from 'node:test';
import { argon2idPassword, verifyPassword } from '../../src/users/passwords.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import {
  digests,
  importUser,
  signInAfterWrongPassword,
  storedPassword,
  password,
} from './imported-password-fixtures.js';

// A user imported with Logto's `passwordDigest` + `passwordAlgorithm` signs in with the password
// through the Experience API (a wrong one is refused first); the digest then becomes argon2id.

describe('imported plain and Legacy password digests', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');

  for (const algorithm of ['SHA1', 'SHA256', 'MD5', 'Legacy']) {
    it(`signs in a user imported with ${algorithm}, then stores argon2id`, async () => {
      const digest = await digests[algorithm]!();
      const user = await importUser(t, algorithm, digest);
      const imported = await storedPassword(t, user.id);
      assert.equal(imported.password_algorithm, algorithm);

      assert.equal(await signInAfterWrongPassword(t, app, user.username), user.id);
      const upgraded = await storedPassword(t, user.id);
      assert.equal(upgraded.password_algorithm, 'Argon2id');
      assert.match(upgraded.password_hash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.notEqual(upgraded.password_hash, digest);
      const argon2id = argon2idPassword(upgraded.password_hash!);
      assert.ok(await verifyPassword(argon2id, password), 'the argon2id hash takes the same password');
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
});
