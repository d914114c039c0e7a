import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { expectStatus, latestCode, openExperience } from './journeys.js';

describe('phone numbers in human formats', async () => {
  const t = await startTestService({ env: { TESSERA_SEND_MIN_INTERVAL_SECONDS: '0' } });
  const app = await createApplication(t, 'SPA');
  const suffix = String(Date.now()).slice(-4);

  it('POST /api/users stores digits; every spelling of the number is one number', async () => {
    const created = expectStatus(
      await t.api('POST', '/users', { primaryPhone: `+1 650-253-${suffix}` }),
      200,
    );
    assert.equal(created.primaryPhone, `1650253${suffix}`);
    for (const spelling of [`+1 (650) 253-${suffix}`, `1.650.253.${suffix}`, `1650253${suffix}`]) {
      expectStatus(
        await t.api('POST', '/users', { primaryPhone: spelling }),
        422,
        'user.phone_already_in_use',
      );
    }
    for (const bad of ['555-CALL-NOW', '++1 555 0100', '12 34']) {
      expectStatus(await t.api('POST', '/users', { primaryPhone: bad }), 400, 'guard.invalid_input');
    }
  });

  it('the Experience API sends a code to a spelled-out number and signs its holder in', async () => {
    const number = `1650254${suffix}`;
    const user = expectStatus(await t.api('POST', '/users', { primaryPhone: number }), 200);
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const identifier = { type: 'phone', value: `+1 (650) 254-${suffix}` };
    const sent = expectStatus(await call('POST', '/verification/verification-code', { identifier }), 200);
    const code = await latestCode(t, number);
    const verified = await call('POST', '/verification/verification-code/verify', {
      identifier: { type: 'phone', value: `1-650-254-${suffix}` },
      verificationId: sent.verificationId,
      code,
    });
    expectStatus(verified, 200);
    expectStatus(await call('POST', '/identification', { verificationId: sent.verificationId }), 204);
    const submitted = expectStatus(await call('POST', '/submit'), 200);
    assert.ok(submitted.redirectTo);
    assert.equal(user.primaryPhone, number);
  });
});
