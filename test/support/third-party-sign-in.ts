import assert from 'node:assert/strict';
import { beginAuthorization, completeAuthorization, signInWithPassword } from './oidc-sign-in.js';
import type { TestService } from './service.js';
import type { TestApplication } from './sign-in-fixtures.js';

/**
 * A user signs in to a third-party application and accepts its consent page (the calls the page
 * makes): the whole code flow, as for a first-party application, plus the consent in between.
 */
export async function signInWithConsent(
  t: TestService,
  app: TestApplication,
  user: { username: string },
  password: string,
  parameters: Record<string, string> = {},
) {
  const authorization = await beginAuthorization(t, app, parameters);
  const afterSignIn = await signInWithPassword(t, authorization.browser, user.username, password);
  await authorization.browser.followUntil(afterSignIn, `${t.config.baseUrl}/sign-in`);
  const consent = await authorization.browser.call(t.baseUrl, 'POST', '/api/experience/consent', {});
  assert.equal(consent.status, 200, JSON.stringify(consent.body));
  const tokenParameters: Record<string, string> = parameters.resource
    ? { resource: parameters.resource }
    : {};
  return {
    ...authorization,
    tokens: await completeAuthorization(authorization, consent.body.redirectTo, tokenParameters),
  };
}
