import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import {
  createApplication as createInteractiveApp,
  createUser as createPasswordUser,
} from '../experience/fixtures.js';
import { signIn } from '../experience/flow.js';
import { startTestService } from '../support/service.js';
import {
  ACCESS_TOKEN_TYPE,
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
} from './fixtures.js';

/** The actor is a real user who signed in through the authorization code flow and the Experience API. */
describe('impersonation by a signed-in actor', async () => {
  const t = await startTestService();
  const resource = await createResource(t, ['read']);
  const customerId = await createUser(t, [resource.scopeIds.read!]);
  const spa = await createApplication(t, 'SPA');
  const supportConsole = await createInteractiveApp(t, 'Traditional');
  const password = 'a-long-enough-Passw0rd!';

  const signedInActor = async () => {
    const actor = await createPasswordUser(t, password);
    const { tokens } = await signIn(t, supportConsole, actor, password);
    return { actor, accessToken: tokens.access_token };
  };

  it('uses the actor’s own access token (opaque, with openid) as actor_token', async () => {
    const { actor, accessToken } = await signedInActor();
    const response = await exchange(t.baseUrl, spa, {
      subject_token: await issueSubjectToken(t, customerId, { supportEngineerId: actor.id }),
      resource: resource.indicator,
      scope: 'read',
      actor_token: accessToken,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const claims = decodeJwt(response.body.access_token as string);
    assert.equal(claims.sub, customerId);
    assert.deepEqual(claims.act, { sub: actor.id });
  });

  it('refuses the token of an actor suspended since', async () => {
    const { actor, accessToken } = await signedInActor();
    assert.equal(
      (await t.api('PATCH', `/users/${actor.id}/is-suspended`, { isSuspended: true })).status,
      200,
    );
    const response = await exchange(t.baseUrl, spa, {
      subject_token: await issueSubjectToken(t, customerId),
      resource: resource.indicator,
      scope: 'read',
      actor_token: accessToken,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'invalid_grant');
  });

  it('refuses an actor impersonating themself, and audits the refusal', async () => {
    const { actor, accessToken } = await signedInActor();
    const roles = await t.api<{ id: string }[]>('GET', `/users/${customerId}/roles`);
    await t.api('POST', `/users/${actor.id}/roles`, { roleIds: roles.body.map((role) => role.id) });
    const response = await exchange(t.baseUrl, spa, {
      subject_token: await issueSubjectToken(t, actor.id),
      resource: resource.indicator,
      scope: 'read',
      actor_token: accessToken,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error, 'invalid_grant');
    assert.match(String(response.body.error_description), /actor and the subject/);
    const logs = await t.api<
      { payload: { result: string; actorId?: string; error?: { reason?: string } } }[]
    >('GET', `/logs?key=ExchangeTokenBy.TokenExchange&userId=${actor.id}`);
    const refusal = logs.body.find((log) => log.payload.result === 'Error');
    assert.equal(refusal?.payload.actorId, actor.id);
    assert.match(String(refusal?.payload.error?.reason), /impersonat/);
  });

  it('applies the access-token script to authorization-code access tokens too', async () => {
    const put = await t.api('PUT', '/configs/jwt-customizer/access-token', {
      script: `const getCustomJwtClaims = ({ context }) => ({
        grantType: context.grant.type,
        username: context.user.username,
        app: context.application.id,
      })`,
    });
    assert.equal(put.status, 201);
    const reader = await createPasswordUser(t, password);
    const role = await t.api<{ id: string }>('POST', '/roles', {
      name: 'reader',
      description: 'reads',
      scopeIds: [resource.scopeIds.read!],
    });
    assert.ok((await t.api('POST', `/users/${reader.id}/roles`, { roleIds: [role.body.id] })).status < 300);
    const { tokens } = await signIn(t, supportConsole, reader, password, {
      resource: resource.indicator,
      scope: 'openid read',
    });
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.aud, resource.indicator);
    assert.equal(claims.scope, 'read');
    assert.equal(claims.grantType, 'authorization_code');
    assert.equal(claims.username, reader.username);
    assert.equal(claims.app, supportConsole.id);
    assert.equal((await t.api('DELETE', '/configs/jwt-customizer/access-token')).status, 204);
  });
});
