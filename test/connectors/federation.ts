import assert from 'node:assert/strict';
import { newId } from '../../src/storage/ids.js';
import { expectStatus, openExperience, type Call } from '../experience/journeys.js';
import { completeAuthorization, type InteractiveAuthorization } from '../support/oidc-sign-in.js';
import type { TestService } from '../support/service.js';
import type { TestApplication } from '../support/sign-in-fixtures.js';
import type { UpstreamIdp } from '../support/upstream-idp.js';

export interface FederatedJourney {
  authorization: InteractiveAuthorization;
  call: Call;
  verificationId: string;
}

/**
 * A browser on Tessera's sign-in page starts a social or SSO verification, really goes to the
 * upstream provider (signed in there as `sub`) and comes back to the page's redirect URI; the
 * callback's parameters are posted to `…/verify` as `connectorData`. Returns the verify answer.
 */
export async function federatedVerification(
  t: TestService,
  app: TestApplication,
  idp: UpstreamIdp,
  options: {
    kind: 'social' | 'sso';
    connectorId: string;
    sub: string;
    event: string;
    redirectUri: string;
    /** Changes the callback's parameters before they are posted (a forged state, say). */
    alter?: (data: Record<string, string>) => Record<string, string>;
    /** More parameters of the application's authorization request (`resource`, `scope`). */
    parameters?: Record<string, string>;
  },
) {
  const { authorization, call } = await openExperience(t, app, options.parameters);
  expectStatus(await call('PUT', '', { interactionEvent: options.event }), 204);
  const started = expectStatus(
    await call('POST', `/verification/${options.kind}/${options.connectorId}/authorization-uri`, {
      state: `state-${newId(12)}`,
      redirectUri: options.redirectUri,
    }),
    200,
  );
  assert.match(started.authorizationUri, new RegExp(`^${idp.issuer}/auth\\?`));
  idp.signInAs(options.sub);
  const callback = await authorization.browser.followUntil(started.authorizationUri, options.redirectUri);
  const verify = await call('POST', `/verification/${options.kind}/${options.connectorId}/verify`, {
    verificationId: started.verificationId,
    connectorData: (options.alter ?? ((data) => data))(Object.fromEntries(callback.searchParams)),
  });
  return { authorization, call, verify, verificationId: started.verificationId as string };
}

/** Identification, submit, and the code exchange of the application: the user id signed in. */
export async function finishSignIn(call: Call, authorization: InteractiveAuthorization, body: object) {
  expectStatus(await call('POST', '/identification', body), 204);
  const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
  const tokens = await completeAuthorization(authorization, redirectTo);
  return { userId: tokens.claims()!.sub, tokens };
}
