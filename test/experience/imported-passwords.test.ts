import { describe, it } from 'node:test';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { signInThenUpgraded } from './imported-password-fixtures.js';

// A user imported with Logto's `passwordDigest` + `passwordAlgorithm` signs in with the password
// through the Experience API (a wrong one is refused first); the digest then becomes argon2id.

describe('imported argon2 and bcrypt password digests', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');

  for (const algorithm of ['Argon2i', 'Argon2id', 'Argon2d', 'Bcrypt']) {
    it(`signs in a user imported with ${algorithm}, then stores argon2id`, () =>
      signInThenUpgraded(t, app, algorithm));
  }
});
