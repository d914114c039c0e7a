import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authorize, completeAuthorization, signIn } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';

/** As Logto: a first-party application never asks for consent; a third-party one always does. */
describe('consent', async () => {
  const t = await startTestService();
  const password = 'Consent-Password-1';
  const user = await createUser(t, password);

  it('skips it for another first-party application in a signed-in session (no page, a code)', async () => {
    const first = await createApplication(t, 'Traditional');
    const second = await createApplication(t, 'SPA');
    const signedIn = await signIn(t, first, user, password);
    // The session authenticates the user already; the second application asks for more scopes.
    const authorization = await authorize(t, second, { scope: 'openid profile email' }, signedIn.browser);
    const tokens = await completeAuthorization(authorization, authorization.url.href);
    assert.equal(tokens.claims()?.sub, user.id);
    assert.ok(tokens.scope?.split(' ').includes('email'));
  });
});
