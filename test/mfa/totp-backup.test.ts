import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { expectStatus, openExperience } from '../experience/journeys.js';
import { lockoutPayload, userDataPayload, userFlowPayload } from '../experience/payloads.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { identifiedSignIn, nextTotpCode, setMfaPolicy, submitAndComplete, totpCode } from './journey.js';

const BLOCKED = 'session.verification_blocked_too_many_attempts';

describe('MFA: TOTP and backup codes through the Experience API', async () => {
  const t = await startTestService({ env: { TESSERA_LOCKOUT_SECONDS: '600' } });
  const events = await tapAllEvents(t);
  const app = await createApplication(t, 'SPA');
  const password = 'Right-Password-1';
  await setMfaPolicy(t, ['Totp', 'BackupCode'], 'Mandatory');

  /** Binds TOTP and backup codes at a first sign-in; returns the secret and the codes. */
  const enrol = async (username: string) => {
    const { authorization, call } = await identifiedSignIn(t, app, username, password);
    const missing = expectStatus(await call('POST', '/submit'), 422, 'user.missing_mfa');
    assert.deepEqual(missing.data, { availableFactors: ['Totp', 'BackupCode'], skippable: false });
    const created = expectStatus(await call('POST', '/verification/totp/secret'), 200);
    const bindingCode = totpCode(created.secret);
    assert.match(created.secretQrCode, /^data:image\/png;base64,/);
    expectStatus(
      await call('POST', '/verification/totp/verify', {
        verificationId: created.verificationId,
        code: '000000',
      }),
      400,
      'session.mfa.invalid_totp_code',
    );
    const verified = expectStatus(
      await call('POST', '/verification/totp/verify', {
        verificationId: created.verificationId,
        code: bindingCode,
      }),
      200,
    );
    const backup = expectStatus(await call('POST', '/verification/backup-code/generate'), 200);
    assert.equal(backup.codes.length, 10);
    // Backup codes alone are refused; after the TOTP binding they are accepted.
    expectStatus(
      await call('POST', '/profile/mfa', { type: 'BackupCode', verificationId: backup.verificationId }),
      422,
      'session.mfa.backup_code_can_not_be_alone',
    );
    expectStatus(
      await call('POST', '/profile/mfa', { type: 'Totp', verificationId: verified.verificationId }),
      204,
    );
    expectStatus(
      await call('POST', '/profile/mfa', { type: 'BackupCode', verificationId: backup.verificationId }),
      204,
    );
    const claims = await submitAndComplete(call, authorization);
    return { secret: created.secret as string, bindingCode, codes: backup.codes as string[], claims };
  };

  it('binds TOTP and backup codes when required: User.Data.Updated then PostSignIn, Experience context', async () => {
    const user = await createUser(t, password);
    await events.take();
    const { claims } = await enrol(user.username);
    assert.equal(claims.sub, user.id);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn', 'User.Data.Updated']);
    const updated = userDataPayload.parse(only(fired, 'User.Data.Updated'));
    assert.equal(updated.data.id, user.id);
    assert.equal(updated.interactionEvent, 'SignIn');
    assert.equal(updated.applicationId, app.id);
    const factors = expectStatus(await t.api('GET', `/users/${user.id}/mfa-verifications`), 200);
    assert.deepEqual(factors.map((f: { type: string }) => f.type).sort(), ['BackupCode', 'Totp']);
    assert.equal(factors.find((f: { type: string }) => f.type === 'BackupCode').remainCodes, 10);
    assert.ok(!JSON.stringify(factors).includes('secret'), 'no secret is listed');
  });

  it('asks the next sign-in for the second factor; PostSignIn only after the TOTP code', async () => {
    const user = await createUser(t, password);
    const { secret, bindingCode } = await enrol(user.username);
    await events.take();

    const { authorization, call } = await identifiedSignIn(t, app, user.username, password);
    const required = expectStatus(await call('POST', '/submit'), 403, 'session.mfa.require_mfa_verification');
    assert.deepEqual(required.data.availableFactors.sort(), ['BackupCode', 'Totp']);
    assert.deepEqual(await events.take(), [], 'no PostSignIn before the second factor');

    // The code that proved the binding is spent: it cannot also pass the challenge.
    expectStatus(
      await call('POST', '/verification/totp/verify', { code: bindingCode }),
      400,
      'session.mfa.invalid_totp_code',
    );
    const code = nextTotpCode(secret);
    expectStatus(await call('POST', '/verification/totp/verify', { code }), 200);
    const claims = await submitAndComplete(call, authorization);
    assert.equal(claims.sub, user.id);
    assert.deepEqual([...(claims.amr as string[])].sort(), ['mfa', 'otp', 'pwd']);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn']);
    assert.equal(userFlowPayload.parse(fired[0]).userId, user.id);

    // The same code is never accepted twice (RFC 6238 §5.2).
    const again = await identifiedSignIn(t, app, user.username, password);
    expectStatus(
      await again.call('POST', '/verification/totp/verify', { code }),
      400,
      'session.mfa.invalid_totp_code',
    );
  });

  it('accepts each backup code once', async () => {
    const user = await createUser(t, password);
    const { codes } = await enrol(user.username);
    await events.take();
    const first = await identifiedSignIn(t, app, user.username, password);
    expectStatus(
      await first.call('POST', '/verification/backup-code/verify', { code: codes[0]!.toUpperCase() }),
      200,
    );
    const claims = await submitAndComplete(first.call, first.authorization);
    assert.ok((claims.amr as string[]).includes('mfa'));
    assert.deepEqual(names(await events.take()), ['PostSignIn']);

    const second = await identifiedSignIn(t, app, user.username, password);
    expectStatus(
      await second.call('POST', '/verification/backup-code/verify', { code: codes[0] }),
      400,
      'session.mfa.invalid_backup_code',
    );
    const factors = expectStatus(await t.api('GET', `/users/${user.id}/mfa-verifications`), 200);
    assert.equal(factors.find((f: { type: string }) => f.type === 'BackupCode').remainCodes, 9);
  });

  it('counts each second factor apart; a lock by one of them holds for every factor', async () => {
    const user = await createUser(t, password);
    const { secret, codes } = await enrol(user.username);
    await events.take();
    const { call } = await identifiedSignIn(t, app, user.username, password);
    const wrong = (minutes: number) => ({ code: totpCode(secret, Date.now() - minutes * 60_000) });
    const invalidTotp = 'session.mfa.invalid_totp_code';
    expectStatus(await call('POST', '/verification/totp/verify', wrong(10)), 400, invalidTotp);
    // A wrong backup code counts on its own: the TOTP code's count goes on from one.
    const backup = (code: string) => call('POST', '/verification/backup-code/verify', { code });
    expectStatus(await backup('nope-nope'), 400, 'session.mfa.invalid_backup_code');
    expectStatus(await call('POST', '/verification/totp/verify', wrong(20)), 400, invalidTotp);
    expectStatus(await call('POST', '/verification/totp/verify', wrong(30)), 400, BLOCKED);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['Identifier.Lockout']);
    const lockout = lockoutPayload.parse(fired[0]);
    assert.equal(lockout.value, user.username.toLowerCase());
    // The lock is the account's: the right TOTP code, a right backup code and its password are refused.
    expectStatus(
      await call('POST', '/verification/totp/verify', { code: nextTotpCode(secret) }),
      400,
      BLOCKED,
    );
    expectStatus(await backup(codes[0]!), 400, BLOCKED);
    const next = await openExperience(t, app);
    expectStatus(await next.call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const identifier = { type: 'username', value: user.username };
    expectStatus(await next.call('POST', '/verification/password', { identifier, password }), 400, BLOCKED);
  });

  it('keeps counting wrong TOTP codes across correct passwords: the lock holds (#24, finding 1)', async () => {
    const user = await createUser(t, password);
    const { secret } = await enrol(user.username);
    await events.take();
    const { call } = await identifiedSignIn(t, app, user.username, password);
    const identifier = { type: 'username', value: user.username };
    // The attack: two wrong codes, the password proven again, and so on, to eight wrong codes.
    const totpAnswers: string[] = [];
    const passwordAnswers: number[] = [];
    for (let wrong = 1; wrong <= 8; wrong++) {
      const code = totpCode(secret, Date.now() - wrong * 10 * 60_000);
      const answer = await call('POST', '/verification/totp/verify', { code });
      totpAnswers.push(answer.status === 200 ? 'accepted' : (answer.body as { code: string }).code);
      if (wrong % 2 === 0) {
        passwordAnswers.push((await call('POST', '/verification/password', { identifier, password })).status);
      }
    }
    // The right code is refused while locked, and the sign-in cannot complete.
    const right = await call('POST', '/verification/totp/verify', { code: nextTotpCode(secret) });
    expectStatus(right, 400, BLOCKED);
    expectStatus(await call('POST', '/submit'), 403, 'session.mfa.require_mfa_verification');
    // The third wrong code took the lock; the password was right before it, refused after it.
    const invalid = 'session.mfa.invalid_totp_code';
    assert.deepEqual(totpAnswers, [invalid, invalid, ...Array<string>(6).fill(BLOCKED)]);
    assert.deepEqual(passwordAnswers, [200, 400, 400, 400]);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['Identifier.Lockout']);
  });

  it('registers with a bound authenticator: User.Created and PostRegister (the factor is part of the new account)', async () => {
    const { authorization, call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const username = `mfa_${newId(8)}`;
    expectStatus(await call('POST', '/profile', { type: 'username', value: username }), 204);
    expectStatus(await call('POST', '/profile', { type: 'password', value: password }), 204);
    expectStatus(await call('POST', '/submit'), 422, 'user.missing_mfa');
    const created = expectStatus(await call('POST', '/verification/totp/secret'), 200);
    const code = totpCode(created.secret);
    expectStatus(
      await call('POST', '/verification/totp/verify', { verificationId: created.verificationId, code }),
      200,
    );
    expectStatus(
      await call('POST', '/profile/mfa', { type: 'Totp', verificationId: created.verificationId }),
      204,
    );
    expectStatus(
      await call('POST', '/profile/mfa/mfa-skipped'),
      422,
      'session.mfa.mfa_policy_not_user_controlled',
    );
    const claims = await submitAndComplete(call, authorization);
    assert.deepEqual(names(await events.take()), ['PostRegister', 'User.Created']);
    const factors = expectStatus(await t.api('GET', `/users/${claims.sub}/mfa-verifications`), 200);
    assert.deepEqual(
      factors.map((f: { type: string }) => f.type),
      ['Totp'],
    );
  });
});
