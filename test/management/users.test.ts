import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json as jsonText } from '../../src/storage/json.js';
import { argon2idPassword, verifyPassword } from '../../src/users/passwords.js';
import { startTestService } from '../support/service.js';

interface User {
  id: string;
  username: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  name: string | null;
  avatar: string | null;
  customData: Record<string, unknown>;
  identities: Record<string, unknown>;
  profile: Record<string, unknown>;
  applicationId: string | null;
  lastSignInAt: number | null;
  createdAt: number;
  updatedAt: number;
  isSuspended: boolean;
  hasPassword: boolean;
}
interface ErrorBody {
  code: string;
  message: string;
}

const userKeys = [
  'applicationId',
  'avatar',
  'createdAt',
  'customData',
  'hasPassword',
  'id',
  'identities',
  'isSuspended',
  'lastSignInAt',
  'name',
  'primaryEmail',
  'primaryPhone',
  'profile',
  'updatedAt',
  'username',
];

describe('users', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const create = (body: unknown) => t.api<User & ErrorBody>('POST', '/users', body);
  let counter = 0;
  const newUser = async (extra: Record<string, unknown> = {}) => {
    const response = await create({ username: `user_${++counter}`, ...extra });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body;
  };

  it('creates a user in the Logto shape, hashing the password with argon2id', async () => {
    const { status, body } = await create({
      username: 'alice',
      primaryEmail: 'Alice@Example.com',
      primaryPhone: '+16502531111',
      name: 'Alice',
      avatar: 'https://cdn.example/alice.png',
      password: 'correct horse battery staple',
      customData: { plan: 'pro' },
      profile: { givenName: 'Alice', address: { country: 'NZ' } },
    });
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body).sort(), userKeys);
    assert.equal(body.username, 'alice');
    assert.equal(body.primaryEmail, 'Alice@Example.com');
    assert.equal(body.primaryPhone, '16502531111');
    assert.equal(body.hasPassword, true);
    assert.equal(body.isSuspended, false);
    assert.equal(body.lastSignInAt, null);
    assert.deepEqual(body.customData, { plan: 'pro' });
    assert.deepEqual(body.profile, { givenName: 'Alice', address: { country: 'NZ' } });
    assert.deepEqual(body.identities, {});
    assert.equal(typeof body.createdAt, 'number');

    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    assert.match(row.password_hash!, /^\$argon2id\$/);
    assert.ok(await verifyPassword(argon2idPassword(row.password_hash!), 'correct horse battery staple'));
    assert.ok(!JSON.stringify(body).includes('argon2'));

    const fetched = await t.api<User>('GET', `/users/${body.id}`);
    assert.deepEqual(fetched.body, body);
    const empty = await create({});
    assert.equal(empty.status, 200, 'every member is optional');
    assert.equal(empty.body.hasPassword, false);
  });

  it('refuses malformed input', async () => {
    const cases: unknown[] = [
      { username: '1abc' },
      { username: 'has space' },
      { username: 5 },
      { primaryEmail: 'not-an-email' },
      { primaryPhone: 'phone' },
      { primaryPhone: '12' },
      { avatar: 'not a url' },
      { avatar: 'javascript:alert(1)' },
      { password: '' },
      { customData: 'x' },
      { profile: { givenName: 3 } },
    ];
    for (const body of cases) {
      const response = await create(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, 'guard.invalid_input');
    }
  });

  it('stores phone numbers as Logto does and refuses what is not a phone number', async () => {
    // libphonenumber-js: the trunk prefix 0 after the country code is dropped, digits without +.
    const created = await newUser({ primaryPhone: '610412345678' });
    assert.equal(created.primaryPhone, '61412345678');
    const fetched = await t.api<User>('GET', `/users/${created.id}`);
    assert.equal(fetched.body.primaryPhone, '61412345678');
    const patched = await t.api<User>('PATCH', `/users/${created.id}`, { primaryPhone: '+61 0412 345 679' });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.primaryPhone, '61412345679');
    for (const primaryPhone of ['99999', '15550109999', '+44 7700 900123']) {
      const refused = await create({ primaryPhone });
      assert.equal(refused.status, 422, primaryPhone);
      assert.equal(refused.body.code, 'user.invalid_phone');
      const unchanged = await t.api<ErrorBody>('PATCH', `/users/${created.id}`, { primaryPhone });
      assert.equal(unchanged.status, 422, primaryPhone);
      assert.equal(unchanged.body.code, 'user.invalid_phone');
    }
    const after = await t.api<User>('GET', `/users/${created.id}`);
    assert.equal(after.body.primaryPhone, '61412345679');
    const cleared = await t.api<User>('PATCH', `/users/${created.id}`, { primaryPhone: null });
    assert.equal(cleared.body.primaryPhone, null);
  });

  it('refuses duplicate identifiers, case-insensitively, on create and update', async () => {
    await newUser({ username: 'bob', primaryEmail: 'bob@example.com', primaryPhone: '16502532222' });
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'BOB' }, 'user.username_already_in_use'],
      [{ primaryEmail: 'BOB@example.com' }, 'user.email_already_in_use'],
      [{ primaryPhone: '+16502532222' }, 'user.phone_already_in_use'],
    ];
    const other = await newUser();
    for (const [body, code] of cases) {
      const created = await create(body);
      assert.equal(created.status, 422, JSON.stringify(body));
      assert.equal(created.body.code, code);
      const updated = await t.api<ErrorBody>('PATCH', `/users/${other.id}`, body);
      assert.equal(updated.status, 422, JSON.stringify(body));
      assert.equal(updated.body.code, code);
    }
    const self = await t.api<User>('PATCH', `/users/${other.id}`, {
      username: other.username!.toUpperCase(),
    });
    assert.equal(self.status, 200, 'a user may keep their own identifier');
  });

  it('lets exactly one of two concurrent creations of one username win', async () => {
    const results = await Promise.all([create({ username: 'racer' }), create({ username: 'racer' })]);
    const statuses = results.map((result) => result.status).sort();
    assert.deepEqual(statuses, [200, 422]);
    assert.equal(results.find((result) => result.status === 422)!.body.code, 'user.username_already_in_use');
  });

  it('pages and searches users', async () => {
    await newUser({ name: 'Zebedee Quux', primaryEmail: 'zq@example.org' });
    await newUser({ primaryPhone: '447777009001' });
    const page = await t.api<User[]>('GET', '/users?page=1&page_size=2');
    assert.equal(page.status, 200);
    assert.equal(page.body.length, 2);
    const total = Number(page.headers.get('total-number'));
    const all = await t.api<User[]>('GET', `/users?page_size=100`);
    assert.equal(all.body.length, total);
    const second = await t.api<User[]>('GET', '/users?page=2&page_size=2');
    assert.notDeepEqual(second.body[0], page.body[0]);

    // Logto's `like` mode: the value is the pattern, `%` the wildcard.
    for (const [search, expected] of [
      ['%zebedee%', 'Zebedee Quux'],
      ['%ZQ@EXAMPLE%', 'Zebedee Quux'],
      ['%77009%', null],
    ] as const) {
      const found = await t.api<User[]>('GET', `/users?search=${encodeURIComponent(search)}`);
      assert.equal(found.body.length, 1, search);
      assert.equal(found.headers.get('total-number'), '1');
      if (expected) assert.equal(found.body[0]!.name, expected);
    }
    const bare = await t.api<User[]>('GET', '/users?search=zebedee');
    assert.equal(bare.body.length, 0, 'without wildcards `like` matches the whole value');
    assert.equal((await t.api('GET', '/users?page_size=1000')).status, 400);
  });

  it('updates, replaces and clears members with PATCH', async () => {
    const user = await newUser({ name: 'Old', customData: { a: 1, b: 2 }, profile: { nickname: 'o' } });
    const patched = await t.api<User>('PATCH', `/users/${user.id}`, {
      name: null,
      primaryEmail: 'new@example.com',
      customData: { c: 3 },
      profile: { locale: 'en' },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, null);
    assert.equal(patched.body.primaryEmail, 'new@example.com');
    assert.deepEqual(patched.body.customData, { c: 3 });
    assert.deepEqual(patched.body.profile, { locale: 'en' });
    assert.ok(patched.body.updatedAt >= user.updatedAt);
    const bad = await t.api<ErrorBody>('PATCH', `/users/${user.id}`, { primaryEmail: 'nope' });
    assert.equal(bad.status, 400);
  });

  it('merges custom data and profile', async () => {
    const user = await newUser({ customData: { a: 1, b: 2 }, profile: { nickname: 'n', locale: 'fr' } });
    const data = await t.api('PATCH', `/users/${user.id}/custom-data`, { customData: { b: 3, c: 4 } });
    assert.equal(data.status, 200);
    assert.deepEqual(data.body, { a: 1, b: 3, c: 4 });
    const profile = await t.api('PATCH', `/users/${user.id}/profile`, { profile: { locale: 'de' } });
    assert.equal(profile.status, 200);
    assert.deepEqual(profile.body, { nickname: 'n', locale: 'de' });
    assert.equal((await t.api('PATCH', `/users/${user.id}/custom-data`, {})).status, 400);
    assert.equal((await t.api('PATCH', `/users/${user.id}/custom-data`, { customData: [] })).status, 400);
    assert.equal(
      (await t.api('PATCH', `/users/${user.id}/profile`, { profile: { website: 1 } })).status,
      400,
    );
  });

  it('sets a password', async () => {
    const user = await newUser();
    assert.equal(user.hasPassword, false);
    const response = await t.api<User>('PATCH', `/users/${user.id}/password`, { password: 'n3w-Secret!' });
    assert.equal(response.status, 200);
    assert.equal(response.body.hasPassword, true);
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.ok(await verifyPassword(argon2idPassword(row.password_hash!), 'n3w-Secret!'));
    assert.equal((await t.api('PATCH', `/users/${user.id}/password`, {})).status, 400);
    assert.equal((await t.api('PATCH', `/users/${user.id}/password`, { password: 12345678 })).status, 400);
  });

  it('suspends a user and revokes their sessions, grants and refresh tokens', async () => {
    const user = await newUser();
    const bystander = await newUser();
    const artifacts = ['Session', 'Grant', 'RefreshToken'].flatMap((model) =>
      [user.id, bystander.id].map((accountId) => ({
        model_name: model,
        id: `${model}-${accountId}`,
        payload: jsonText({ accountId, kind: model }),
      })),
    );
    await db.insertInto('oidc_model_instances').values(artifacts).execute();

    const suspended = await t.api<User>('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: true });
    assert.equal(suspended.status, 200);
    assert.equal(suspended.body.isSuspended, true);
    const left = await db
      .selectFrom('oidc_model_instances')
      .select('id')
      .where('id', 'like', '%-%')
      .execute();
    assert.deepEqual(left.map((row) => row.id).sort(), [
      `Grant-${bystander.id}`,
      `RefreshToken-${bystander.id}`,
      `Session-${bystander.id}`,
    ]);

    const reactivated = await t.api<User>('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: false });
    assert.equal(reactivated.body.isSuspended, false);
    assert.equal(
      (await t.api('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: 'yes' })).status,
      400,
    );
  });

  it('answers an update that sets nothing with 422 entity.invalid_input (as Logto)', async () => {
    const user = await newUser();
    const response = await t.api<ErrorBody>('PATCH', `/users/${user.id}`, {});
    assert.equal(response.status, 422);
    assert.equal(response.body.code, 'entity.invalid_input');
    assert.equal((await t.api<User>('GET', `/users/${user.id}`)).body.updatedAt, user.updatedAt, 'unchanged');
    const unknown = await t.api<ErrorBody>('PATCH', '/users/nope', {});
    assert.equal(unknown.status, 404, 'an unknown user is reported first');
  });

  it('answers a malformed user id with 404 entity.not_found (as Logto)', async () => {
    for (const id of ['invalid-user-id', '%20%21%21', 'a.b~c']) {
      const response = await t.api<ErrorBody>('GET', `/users/${id}`);
      assert.equal(response.status, 404, id);
      assert.equal(response.body.code, 'entity.not_found', id);
    }
  });

  it('deletes users and answers 404 for unknown ones', async () => {
    const user = await newUser();
    assert.equal((await t.api('DELETE', `/users/${user.id}`)).status, 204);
    for (const [method, path, body] of [
      ['GET', '/users/nope', undefined],
      ['PATCH', '/users/nope', { name: 'x' }],
      ['DELETE', '/users/nope', undefined],
      ['PATCH', '/users/nope/custom-data', { customData: {} }],
      ['PATCH', '/users/nope/profile', { profile: {} }],
      ['PATCH', '/users/nope/password', { password: 'x' }],
      ['PATCH', '/users/nope/is-suspended', { isSuspended: true }],
      ['GET', `/users/${user.id}`, undefined],
    ] as const) {
      const response = await t.api<ErrorBody>(method, path, body);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.body.code, 'entity.not_found');
    }
  });
});
