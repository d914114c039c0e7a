import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { newId } from '../../src/storage/ids.js';
import { signIn } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication as createSignInApp, createUser } from '../support/sign-in-fixtures.js';
import { signInWithConsent } from '../support/third-party-sign-in.js';
import {
  ACCESS_TOKEN_TYPE,
  createApplication,
  createResource,
  exchange,
  issueSubjectToken,
} from './fixtures.js';

const password = 'a-long-enough-Passw0rd!';

/**
 * Issue #24, finding 3: the access-token subject form is downscoping only. A third-party
 * application's token never stands for the user, a public client (which proves nothing at the
 * token endpoint) exchanges only its own tokens, and nothing outside the subject token's own
 * resource and scopes is ever granted.
 */
describe('token exchange of access tokens: only a narrower token of the same first-party holder', async () => {
  const t = await startTestService();
  const payroll = await createResource(t, ['payroll:read', 'payroll:write']);
  const orders = await createResource(t, ['orders:read']);
  // A first-party public SPA with token exchange on: anyone can send its client_id.
  const spa = await createApplication(t, 'SPA');
  const backend = await createApplication(t, 'Traditional');
  const thirdParty = await createSignInApp(t, 'Traditional', { isThirdParty: true });
  const firstParty = await createSignInApp(t, 'Traditional');

  /** A user holding every scope of payroll and orders through one role. */
  const payrollUser = async () => {
    const user = await createUser(t, password);
    const role = await t.api<{ id: string }>('POST', '/roles', {
      name: `payroll ${newId(6)}`,
      description: 'payroll clerk',
      scopeIds: [...Object.values(payroll.scopeIds), ...Object.values(orders.scopeIds)],
    });
    assert.equal((await t.api('POST', `/users/${user.id}/roles`, { roleIds: [role.body.id] })).status, 201);
    return user;
  };

  const refused = async (
    client: { id: string; secret?: string; type: string },
    body: Record<string, string>,
    error: string,
    description: RegExp,
  ) => {
    const response = await exchange(t.baseUrl, client, { subject_token_type: ACCESS_TOKEN_TYPE, ...body });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error, error, JSON.stringify(response.body));
    assert.match(String(response.body.error_description), description);
    assert.equal(response.body.access_token, undefined);
  };

  const auditReasons = async (userId: string) =>
    (
      await t.api<{ payload: { result: string; error?: { reason?: string } } }[]>(
        'GET',
        `/logs?key=ExchangeTokenBy.TokenExchange&userId=${userId}`,
      )
    ).body.map((log) => log.payload.error?.reason);

  it('refuses a third-party application’s openid token, through a public SPA or a confidential client', async () => {
    const user = await payrollUser();
    const { tokens } = await signInWithConsent(t, thirdParty, user, password, { scope: 'openid' });
    assert.equal(tokens.scope, 'openid', 'the user consented to openid only');
    const attack = {
      subject_token: tokens.access_token,
      resource: payroll.indicator,
      scope: 'payroll:write',
    };
    // The SPA's client_id, no secret: what any third party can send.
    await refused(spa, attack, 'invalid_grant', /third-party application/);
    await refused(backend, attack, 'invalid_grant', /third-party application/);
    assert.deepEqual((await auditReasons(user.id)).slice(0, 2), [
      'third-party subject token',
      'third-party subject token',
    ]);
  });

  it('refuses a third-party application’s resource JWT too, even for its own resource', async () => {
    const user = await payrollUser();
    const { tokens } = await signInWithConsent(t, thirdParty, user, password, {
      scope: 'openid payroll:read',
      resource: payroll.indicator,
    });
    assert.equal(decodeJwt(tokens.access_token).aud, payroll.indicator);
    const body = { subject_token: tokens.access_token, resource: payroll.indicator, scope: 'payroll:read' };
    await refused(backend, body, 'invalid_grant', /third-party application/);
  });

  it('lets a public client exchange only tokens issued to itself', async () => {
    const user = await payrollUser();
    const other = await signIn(t, firstParty, user, password, {
      scope: 'openid payroll:read payroll:write',
      resource: payroll.indicator,
    });
    const body = { resource: payroll.indicator, scope: 'payroll:read' };
    await refused(
      spa,
      { ...body, subject_token: other.tokens.access_token },
      'invalid_grant',
      /another client/,
    );
    assert.equal((await auditReasons(user.id))[0], 'public client, foreign subject token');
    // A confidential first-party client (a resource server) may narrow its caller's token.
    const narrowed = await exchange(t.baseUrl, backend, {
      ...body,
      subject_token: other.tokens.access_token,
    });
    assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));
    assert.equal(narrowed.body.scope, 'payroll:read');

    // The SPA's own token, exchanged by the SPA: a narrower token of the same resource.
    const ownSpa = await createSignInApp(t, 'SPA', { customClientMetadata: { allowTokenExchange: true } });
    const own = await signIn(t, ownSpa, user, password, {
      scope: 'openid payroll:read payroll:write',
      resource: payroll.indicator,
    });
    const mine = await exchange(t.baseUrl, ownSpa, { ...body, subject_token: own.tokens.access_token });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const claims = decodeJwt(mine.body.access_token as string);
    assert.equal(claims.aud, payroll.indicator);
    assert.equal(claims.scope, 'payroll:read');
  });

  it('never grants a resource or a scope outside the subject token’s own', async () => {
    const user = await payrollUser();
    const { tokens } = await signIn(t, firstParty, user, password, {
      scope: 'openid orders:read',
      resource: orders.indicator,
    });
    // The user holds payroll:write, but the token is for orders.
    await refused(
      backend,
      { subject_token: tokens.access_token, resource: payroll.indicator, scope: 'payroll:write' },
      'invalid_target',
      /not an audience of subject_token/,
    );
    const read = await signIn(t, firstParty, user, password, {
      scope: 'openid payroll:read',
      resource: payroll.indicator,
    });
    // Same resource, but a scope the token does not carry (though the user holds it).
    await refused(
      backend,
      { subject_token: read.tokens.access_token, resource: payroll.indicator, scope: 'payroll:write' },
      'invalid_scope',
      /carried by subject_token/,
    );
    const granted = await exchange(t.baseUrl, backend, {
      subject_token: read.tokens.access_token,
      resource: payroll.indicator,
      scope: 'payroll:write payroll:read',
    });
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    assert.equal(granted.body.scope, 'payroll:read', 'the requested scopes the token carries, no more');
    // An opaque (user info) token names no API resource: it reaches none.
    const userInfo = await signIn(t, firstParty, user, password, { scope: 'openid' });
    await refused(
      backend,
      { subject_token: userInfo.tokens.access_token, resource: payroll.indicator, scope: 'payroll:read' },
      'invalid_target',
      /not an audience/,
    );
  });

  it('refuses a third-party application’s token as actor_token', async () => {
    const subject = await payrollUser();
    const actor = await payrollUser();
    const { tokens } = await signInWithConsent(t, thirdParty, actor, password, { scope: 'openid' });
    const response = await exchange(t.baseUrl, backend, {
      subject_token: await issueSubjectToken(t, subject.id),
      subject_token_type: ACCESS_TOKEN_TYPE,
      resource: payroll.indicator,
      scope: 'payroll:read',
      actor_token: tokens.access_token,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error, 'invalid_grant');
    assert.match(String(response.body.error_description), /actor_token was not issued to a first-party/);
  });
});
