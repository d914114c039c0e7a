import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { enforceGrantLimit } from '../../src/oidc/grants.limit.js';
import { signIn } from '../support/oidc-sign-in.js';
import { createApplication, createUser } from '../support/sign-in-fixtures.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const password = 'correct horse battery staple';

describe('user grants through the management API', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const app = await createApplication(t, 'Traditional');
  const user = await createUser(t, password);
  const other = await createUser(t, password);

  it('lists active grants in the Logto shape, filtered by application kind', async () => {
    const { tokens } = await signIn(t, app, user, password);
    const listed = await t.api<Body>('GET', `/users/${user.id}/grants`);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.grants.length, 1);
    const [grant] = listed.body.grants;
    assert.equal(grant.payload.jti, grant.id);
    assert.equal(grant.payload.kind, 'Grant');
    assert.equal(grant.payload.clientId, app.id);
    assert.equal(grant.payload.accountId, user.id);
    assert.ok(grant.payload.openid.scope.split(' ').includes('openid'));
    assert.ok(Math.abs(grant.expiresAt - grant.payload.exp * 1000) < 2000, 'milliseconds since the epoch');
    assert.ok(grant.payload.iat <= (tokens.claims()?.iat ?? 0));

    assert.equal(
      (await t.api<Body>('GET', `/users/${user.id}/grants?appType=firstParty`)).body.grants.length,
      1,
    );
    assert.deepEqual(
      (await t.api<Body>('GET', `/users/${user.id}/grants?appType=thirdParty`)).body.grants,
      [],
    );
  });

  it('leaves expired grants out', async () => {
    await signIn(t, app, other, password);
    const [grant] = (await t.api<Body>('GET', `/users/${other.id}/grants`)).body.grants;
    await db
      .updateTable('oidc_model_instances')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('model_name', '=', 'Grant')
      .where('id', '=', grant.id)
      .execute();
    assert.deepEqual((await t.api<Body>('GET', `/users/${other.id}/grants`)).body.grants, []);
  });

  it('revokes one grant with its tokens; only the owner can lose it', async () => {
    const { client, tokens } = await signIn(t, app, user, password);
    const before = (await t.api<Body>('GET', `/users/${user.id}/grants`)).body.grants;
    const newest = before.at(-1).id;
    assert.equal((await t.api('DELETE', `/users/${other.id}/grants/${newest}`)).status, 404);
    assert.ok(await oidc.refreshTokenGrant(client, tokens.refresh_token!), 'untouched by the refusal');

    assert.equal((await t.api('DELETE', `/users/${user.id}/grants/${newest}`)).status, 204);
    await assert.rejects(oidc.refreshTokenGrant(client, tokens.refresh_token!), (error: unknown) => {
      assert.ok(error instanceof oidc.ResponseBodyError);
      assert.equal(error.error, 'invalid_grant');
      return true;
    });
    const afterwards = (await t.api<Body>('GET', `/users/${user.id}/grants`)).body.grants;
    assert.deepEqual(
      afterwards.map((grant: Body) => grant.id),
      before.slice(0, -1).map((grant: Body) => grant.id),
    );
    const again = await t.api<Body>('DELETE', `/users/${user.id}/grants/${newest}`);
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'entity.not_exists_with_id');
  });

  it('documents both routes in the OpenAPI document', async () => {
    const document = (await (await fetch(`${t.baseUrl}/api/swagger.json`)).json()) as Body;
    const list = document.paths['/api/users/{userId}/grants'].get;
    assert.deepEqual(Object.keys(list.responses).sort(), ['200', '400', '404']);
    assert.ok(list.parameters.some((parameter: Body) => parameter.name === 'appType'));
    const revoke = document.paths['/api/users/{userId}/grants/{grantId}'].delete;
    assert.deepEqual(Object.keys(revoke.responses).sort(), ['204', '400', '404']);
  });

  it('answers 404 for an unknown user and 400 for a bad filter', async () => {
    const unknown = await t.api<Body>('GET', '/users/no-such-user/grants');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'entity.not_found');
    assert.equal((await t.api('DELETE', '/users/no-such-user/grants/whatever')).status, 404);
    const bad = await t.api<Body>('GET', `/users/${user.id}/grants?appType=everything`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'guard.invalid_input');
  });

  it('lets concurrent authorizations of one user evict down to the limit exactly once', async () => {
    const receiver = await startWebhookReceiver();
    after(() => receiver.close());
    await t.api('POST', '/hooks', {
      name: 'limits',
      events: ['Grant.LimitExceeded'],
      config: { url: receiver.url },
    });
    const limited = await createApplication(t, 'Traditional', {
      customClientMetadata: { maxAllowedGrants: 1 },
    });
    const { provider } = t.service.app.services;
    for (let round = 0; round < 4; round++) {
      const { id: userId } = await createUser(t, password);
      const issued: string[] = [];
      for (let i = 0; i < 3; i++)
        issued.push(await new provider.Grant({ accountId: userId, clientId: limited.id }).save());
      const [, second, third] = issued as [string, string, string];
      const results = await Promise.all(
        [second, third].map((grantId) =>
          enforceGrantLimit(t.service.app.services, { userId, applicationId: limited.id, grantId }),
        ),
      );
      const revoked = results.flat();
      assert.equal(new Set(revoked).size, 2, `round ${round}: ${JSON.stringify(results)}`);
      assert.equal(results.filter((ids) => ids.length > 0).length, 1, 'one eviction, one event');
      const remaining = (await t.api<Body>('GET', `/users/${userId}/grants`)).body.grants;
      assert.equal(remaining.length, 1);
      assert.ok([second, third].includes(remaining[0].id));
      assert.ok(!revoked.includes(remaining[0].id));
    }
    const deliveries = await receiver.waitFor(4);
    assert.ok(deliveries.every((delivery) => delivery.json.preRevocationActiveGrantCount === 3));
  });
});
