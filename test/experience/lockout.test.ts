// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../src/storage/clock.js';
import { newId } from '../../src/storage/ids.js';
import { backend } from '../support/databases.js';
import { startTestService, type TestService } from '../support/service.js';
import { names, tapAllEvents } from './events.js';
import { createApplication, type TestApplication } from '../support/sign-in-fixtures.js';
import { completeAuthorization, signInWithPassword } from '../support/oidc-sign-in.js';
import { expectStatus, experienceOf, latestCode, openExperience, wrongCode, type Call } from './journeys.js';
import { lockoutPayload } from './payloads.js';

const BLOCKED = 'session.verification_blocked_too_many_attempts';

describe('identifier lockout', async () => {
  // A minute's lock, whose expiry the clock skips to; the default of 3 failures.
  const clock = new ManualClock();
  const t = await startTestService({
    env: { TESSERA_LOCKOUT_SECONDS: '60', TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' },
    clock,
  });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'SPA');
  const password = 'Right-Password-1';

  const newUser = async (service: TestService = t, fields: Record<string, string> = {}) => {
    const username = `Locked_${newId(8)}`;
    const user = expectStatus(await service.api('POST', '/users', { username, password, ...fields }), 200);
    return { id: user.id as string, username };
  };
  const signInSession = async (service: TestService = t, application: TestApplication = app) => {
    const { authorization, call } = await openExperience(service, application);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    return { authorization, call };
  };
  const tryPassword = (call: Call, username: string, secret: string) =>
    call('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password: secret,
    });

  it('locks after three wrong passwords, refuses the right one, fires once, and expires', async () => {
    const user = await newUser();
    await events.take();
    const { authorization, call } = await signInSession();
    expectStatus(await tryPassword(call, user.username, 'wrong-1'), 422, 'session.invalid_credentials');
    expectStatus(await tryPassword(call, user.username, 'wrong-2'), 422, 'session.invalid_credentials');
    expectStatus(await tryPassword(call, user.username, 'wrong-3'), 400, BLOCKED);
    expectStatus(await tryPassword(call, user.username, password), 400, BLOCKED);
    expectStatus(await tryPassword(call, user.username.toUpperCase(), password), 400, BLOCKED);

    const fired = await events.take();
    assert.deepEqual(names(fired), ['Identifier.Lockout']);
    const lockout = lockoutPayload.parse(fired[0]);
    assert.equal(lockout.type, 'username');
    assert.equal(lockout.value, user.username.toLowerCase());
    assert.equal(lockout.interactionEvent, 'SignIn');
    assert.equal(lockout.applicationId, app.id);
    assert.ok(lockout.ip);

    // Attempts while locked are not counted: once the lock lapses, the right password works.
    clock.advance(58_000);
    expectStatus(await tryPassword(call, user.username, password), 400, BLOCKED);
    clock.advance(2_500);
    expectStatus(await tryPassword(call, user.username, password), 200);
    const redirectTo = await signInWithPassword(t, authorization.browser, user.username, password);
    assert.equal((await completeAuthorization(authorization, redirectTo)).claims()?.sub, user.id);
    assert.deepEqual(names(await events.take()), ['PostSignIn'], 'no second lockout event');
  });

  it('counts concurrent failures one by one: one lockout, one event', async () => {
    const user = await newUser();
    await events.take();
    const { call } = await signInSession();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => tryPassword(call, user.username, `wrong-${i}`)),
    );
    assert.ok(answers.every((a) => [400, 422].includes(a.status)));
    assert.equal(answers.filter((a) => a.status === 422).length, 2, 'exactly two failures before the lock');
    const fired = await events.take();
    assert.deepEqual(names(fired), ['Identifier.Lockout']);
  });

  it('starts over after a success', async () => {
    const user = await newUser();
    await events.take();
    const { call } = await signInSession();
    for (const secret of ['wrong-1', 'wrong-2', password, 'wrong-3', 'wrong-4']) {
      const answer = await tryPassword(call, user.username, secret);
      assert.equal(answer.status, secret === password ? 200 : 422, JSON.stringify(answer.body));
    }
    assert.deepEqual(names(await events.take()), []);
  });

  /** A sign-in session that was sent a code for `email`, and a way to verify a code of it. */
  async function codeSentTo(email: string) {
    const { call } = await signInSession();
    const identifier = { type: 'email', value: email };
    const sent = expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    const code = await latestCode(t, email);
    const verify = (value: string) =>
      call('POST', '/verification/verification-code/verify', {
        identifier,
        verificationId: sent.verificationId,
        code: value,
      });
    return { call, code, verify };
  }

  it('locks an e-mail after three wrong codes; the right code is then refused', async () => {
    const email = `codes.${newId(6)}@example.com`;
    await newUser(t, { primaryEmail: email });
    await events.take();
    const { code, verify } = await codeSentTo(email);
    expectStatus(await verify(wrongCode(code)), 400, 'verification_code.code_mismatch');
    expectStatus(await verify(wrongCode(code)), 400, 'verification_code.code_mismatch');
    expectStatus(await verify(wrongCode(code)), 400, BLOCKED);
    expectStatus(await verify(code), 400, BLOCKED);
    const lockout = lockoutPayload.parse((await events.take())[0]);
    assert.equal(lockout.type, 'email');
    assert.equal(lockout.value, email);
  });

  it('counts wrong codes apart from passwords: a right password clears only password failures', async () => {
    const email = `mixed.${newId(6)}@example.com`;
    const user = await newUser(t, { primaryEmail: email });
    await events.take();
    const { call, code, verify } = await codeSentTo(email);
    const mismatch = 'verification_code.code_mismatch';
    expectStatus(await verify(wrongCode(code)), 400, mismatch);
    expectStatus(await verify(wrongCode(code)), 400, mismatch);
    // Proving the password is no proof of the code: the third wrong code still locks.
    expectStatus(await tryPassword(call, user.username, password), 200);
    expectStatus(await verify(wrongCode(code)), 400, BLOCKED);
    expectStatus(await verify(code), 400, BLOCKED);
    expectStatus(await tryPassword(call, user.username, password), 400, BLOCKED);
    assert.deepEqual(names(await events.take()), ['Identifier.Lockout']);
  });

  it(
    'holds a lock taken through one instance on another (PostgreSQL)',
    { skip: backend !== 'postgres' },
    async () => {
      // The second instance, on the same database and BASE_URL, with the default 10-minute lock.
      const other = await startTestService({
        database: t.database,
        env: { BASE_URL: t.config.baseUrl },
        manualStop: true,
      });
      try {
        const user = await newUser(other);
        await events.take();
        // The interaction starts through the issuer's address; its password attempts go to the other.
        const session = await signInSession(t);
        const onOther = experienceOf(other, session.authorization.browser);
        for (let i = 0; i < 3; i++) await tryPassword(onOther, user.username, `wrong-${i}`);
        const { call } = await signInSession(t);
        expectStatus(await tryPassword(call, user.username, password), 400, BLOCKED);
        const fired = await events.take();
        assert.deepEqual(names(fired), ['Identifier.Lockout']);
        assert.equal(lockoutPayload.parse(fired[0]).value, user.username.toLowerCase());
      } finally {
        await other.stop();
      }
    },
  );
});
