// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { backend } from '../support/databases.js';
import { createApplication, type TestApplication } from '../support/sign-in-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';
import { expectStatus, openExperience } from './journeys.js';

const BLOCKED = 'session.verification_blocked_too_many_attempts';
const MAX = 3;
const password = 'Right-Password-1';

/**
 * The lock cannot be raced (attempts are reserved before the hash is checked) nor spelled around
 * (it is taken on the account the identifier resolves to).
 */
describe('lockout under concurrency and other spellings', async () => {
  const t = await startTestService({ env: { TESSERA_LOCKOUT_MAX_FAILURES: String(MAX) } });
  const app = await createApplication(t, 'SPA');

  const newUser = async (username = `race_${newId(8)}`) => {
    const user = expectStatus(await t.api('POST', '/users', { username, password }), 200);
    return { id: user.id as string, username };
  };

  /** A password attempt from a fresh interaction (a separate sign-in page) of `service`. */
  const attempt = async (
    service: TestService,
    application: TestApplication,
    username: string,
    secret: string,
  ) => {
    const { call } = await openExperience(service, application);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    return call('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password: secret,
    });
  };

  /** How many attempts were checked against the user's password hash (each one is audited). */
  const checked = async (userId: string) => {
    const logs = await t.api<unknown[]>(
      'GET',
      `/logs?key=Interaction.SignIn.Verification.Password&userId=${userId}&page_size=100`,
    );
    assert.equal(logs.status, 200);
    return logs.body.length;
  };

  /** 30 interactions opened first, then their wrong guesses sent at once. */
  const burst = async (targets: [TestService, TestApplication][], username: string, secrets: string[]) => {
    const sessions = await Promise.all(
      secrets.map(async (_, i) => {
        const [service, application] = targets[i % targets.length]!;
        const { call } = await openExperience(service, application);
        expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
        return call;
      }),
    );
    return Promise.all(
      sessions.map((call, i) =>
        call('POST', '/verification/password', {
          identifier: { type: 'username', value: username },
          password: secrets[i],
        }),
      ),
    );
  };

  const raceThenRight = async (targets: [TestService, TestApplication][]) => {
    const user = await newUser();
    const wrong = await burst(
      targets,
      user.username,
      Array.from({ length: 30 }, (_, i) => `wrong-${i}`),
    );
    assert.ok(
      wrong.every((a) => a.status === 422 || a.body.code === BLOCKED),
      JSON.stringify(wrong.map((a) => a.status)),
    );
    assert.ok((await checked(user.id)) <= MAX, `${await checked(user.id)} guesses were checked`);
    // A right password inside a later burst is refused like the wrong ones.
    const secrets = Array.from({ length: 10 }, (_, i) => (i === 5 ? password : `wrong-b${i}`));
    const second = await burst(targets, user.username, secrets);
    assert.ok(
      second.every((a) => a.status === 400 && a.body.code === BLOCKED),
      JSON.stringify(second.map((a) => a.body)),
    );
    assert.ok((await checked(user.id)) <= MAX);
  };

  it('checks at most the limit of 30 concurrent wrong guesses from separate interactions', async () => {
    await raceThenRight([[t, app]]);
  });

  it('locks the account, not the spelling: `admİn` (U+0130) gets no fresh guesses for `admin`', async () => {
    const user = await newUser(`adm${newId(6).toLowerCase()}in`);
    const dotted = user.username.replace(/i/g, 'İ');
    for (let i = 0; i < MAX; i++) await attempt(t, app, user.username, `wrong-${i}`);
    expectStatus(await attempt(t, app, user.username, password), 400, BLOCKED);
    const other = await attempt(t, app, dotted, password);
    assert.notEqual(other.status, 200, 'another spelling must not sign in to a locked account');
    const upper = await attempt(t, app, user.username.toUpperCase(), password);
    expectStatus(upper, 400, BLOCKED);
  });

  it('counts wrong guesses made under other spellings against the same account', async () => {
    const user = await newUser(`Mixed_${newId(6)}`);
    const spellings = [user.username, user.username.toUpperCase(), ` ${user.username.toLowerCase()} `];
    for (const [i, spelling] of spellings.entries()) await attempt(t, app, spelling, `wrong-${i}`);
    expectStatus(await attempt(t, app, user.username, password), 400, BLOCKED);
  });

  it(
    'checks at most the limit across two instances on one PostgreSQL',
    { skip: backend !== 'postgres' },
    async () => {
      const other = await startTestService({
        database: t.database,
        // One deployment: the same public address; the Experience calls reach this instance directly.
        env: { BASE_URL: t.config.baseUrl, TESSERA_LOCKOUT_MAX_FAILURES: String(MAX) },
        manualStop: true,
      });
      after(() => other.stop());
      await raceThenRight([
        [t, app],
        [other, app],
      ]);
    },
  );
});
