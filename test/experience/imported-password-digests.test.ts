import assert from 'node:assert/strict';
import { pbkdf2Sync } from 'node:crypto';
import { describe, it } from 'node:test';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import {
  importUser,
  signInThenUpgraded,
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
    it(`signs in a user imported with ${algorithm}, then stores argon2id`, () =>
      signInThenUpgraded(t, app, algorithm));
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
