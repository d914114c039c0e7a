import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { completeAuthorization } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { expectStatus, openExperience, verifyByCode } from './journeys.js';

/** `amr` in the ID token names only the methods that authenticated the signed-in user. */
describe('authentication method references', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const app = await createApplication(t, 'SPA');
  const password = 'Victim-Password-1';

  const newUser = async () => {
    const username = `amr_${newId(8)}`;
    const email = `${username}@victim.example`;
    const user = expectStatus(
      await t.api('POST', '/users', { username, password, primaryEmail: email }),
      200,
    );
    return { id: user.id as string, username, email };
  };

  const signInSession = async () => {
    const opened = await openExperience(t, app);
    expectStatus(await opened.call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    return opened;
  };

  it("does not claim an OTP for a code verified for someone else's address", async () => {
    const victim = await newUser();
    const { authorization, call } = await signInSession();
    const verification = expectStatus(
      await call('POST', '/verification/password', {
        identifier: { type: 'username', value: victim.username },
        password,
      }),
      200,
    );
    expectStatus(await call('POST', '/identification', { verificationId: verification.verificationId }), 204);
    // A code for an address nobody has is delivered once someone is identified (to link it).
    await verifyByCode(t, call, { type: 'email', value: `attacker.${newId(6)}@attacker.example` });
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const claims = (await completeAuthorization(authorization, redirectTo)).claims();
    assert.equal(claims?.sub, victim.id);
    assert.deepEqual(claims?.amr, ['pwd']);
  });

  it('claims an OTP and a password when both verified the signed-in user', async () => {
    const user = await newUser();
    const { authorization, call } = await signInSession();
    const byCode = await verifyByCode(t, call, { type: 'email', value: user.email.toUpperCase() });
    const verification = expectStatus(
      await call('POST', '/verification/password', {
        identifier: { type: 'username', value: user.username },
        password,
      }),
      200,
    );
    expectStatus(await call('POST', '/identification', { verificationId: byCode }), 204);
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const claims = (await completeAuthorization(authorization, redirectTo)).claims();
    assert.equal(claims?.sub, user.id);
    assert.deepEqual([...(claims?.amr as string[])].sort(), ['otp', 'pwd']);
    assert.ok(verification.verificationId);
  });
});
