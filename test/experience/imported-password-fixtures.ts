import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { hash as argon2 } from '@node-rs/argon2';
import { hash as bcrypt } from '@node-rs/bcrypt';
import { newId } from '../../src/storage/ids.js';
import { argon2idPassword, verifyPassword } from '../../src/users/passwords.js';
import { apiOk } from '../support/http.js';
import { beginAuthorization, completeAuthorization } from '../support/oidc-sign-in.js';
import type { TestService } from '../support/service.js';
import type { TestApplication } from '../support/sign-in-fixtures.js';

// Users imported from another system with Logto's `passwordDigest` + `passwordAlgorithm`.

export const password = 'imported Pa55word!';
export const hex = (algorithm: string, input: string) => createHash(algorithm).update(input).digest('hex');
// The package's Algorithm enum is ambient (const): 0 = Argon2d, 1 = Argon2i, 2 = Argon2id. Cheap
// parameters, so argon2id digests are upgraded too.
const cheapArgon2 = { memoryCost: 1024, timeCost: 2, parallelism: 1 };

export const digests: Record<string, () => Promise<string>> = {
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

export async function storedPassword(t: TestService, userId: string) {
  return t.service.storage.db
    .selectFrom('users')
    .select(['password_hash', 'password_algorithm'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function importUser(t: TestService, passwordAlgorithm: string, passwordDigest: string) {
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
export async function signInAfterWrongPassword(t: TestService, app: TestApplication, username: string) {
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

/**
 * A user imported with `algorithm`'s digest signs in with the password (a wrong one refused
 * first); the stored digest is argon2id afterwards and takes the same password.
 */
export async function signInThenUpgraded(t: TestService, app: TestApplication, algorithm: string) {
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
}
