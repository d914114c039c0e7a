import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { argon2idPassword, verifyPassword } from '../../src/users/passwords.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import {
  digests,
  importUser,
  signInAfterWrongPassword,
  password,
  storedPassword,
} from './imported-password-fixtures.js';

// A user imported with Logto's `passwordDigest` + `passwordAlgorithm` signs in with the password
// through the Experience API (a wrong one is refused first); the digest then becomes argon2id.

describe('imported argon2 and bcrypt password digests', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');

  for (const algorithm of ['Argon2i', 'Argon2id', 'Argon2d', 'Bcrypt']) {
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
});
