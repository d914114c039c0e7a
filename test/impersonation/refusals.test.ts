import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateKeyPair, SignJWT } from 'jose';
import { sql } from 'kysely';
import { hashSubjectToken } from '../../src/impersonation/subject-tokens.service.js';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';
import {
  ACCESS_TOKEN_TYPE,
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
  mintAccessToken,
} from './fixtures.js';

describe('impersonation refusals', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const resource = await createResource(t, ['read']);
  const userId = await createUser(t, [resource.scopeIds.read!]);
  const app = await createApplication(t, 'Traditional');
  const spa = await createApplication(t, 'SPA');

  const params = (subjectToken: string, extra: Record<string, string> = {}) => ({
    subject_token: subjectToken,
    resource: resource.indicator,
    scope: 'read',
    ...extra,
  });

  const refused = async (
    client: { id: string; secret?: string; type: string },
    body: Record<string, string>,
    error: string,
    description?: RegExp | string,
    status = 400,
  ) => {
    const response = await exchange(t.baseUrl, client, body);
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.equal(response.body.error, error, JSON.stringify(response.body));
    if (typeof description === 'string') assert.equal(response.body.error_description, description);
    else if (description) assert.match(String(response.body.error_description), description);
    assert.equal(response.body.access_token, undefined);
    return response;
  };

  describe('subject token requests', () => {
    it('answers 404 for an unknown user', async () => {
      const response = await t.api<{ code: string }>('POST', '/subject-tokens', { userId: 'nobody' });
      assert.equal(response.status, 404);
      assert.equal(response.body.code, 'entity.not_exists_with_id');
    });

    it('answers 400 for a bad body', async () => {
      for (const body of [
        {},
        { userId: 42 },
        { userId, context: 'text' },
        { userId, context: { act: { sub: 'x' } } },
      ]) {
        const response = await t.api<{ code: string }>('POST', '/subject-tokens', body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(response.body.code, 'guard.invalid_input');
      }
    });

    it('refuses a suspended user with user.suspended', async () => {
      const suspended = await createUser(t, [resource.scopeIds.read!]);
      assert.equal(
        (await t.api('PATCH', `/users/${suspended}/is-suspended`, { isSuspended: true })).status,
        200,
      );
      const response = await t.api<{ code: string }>('POST', '/subject-tokens', { userId: suspended });
      assert.equal(response.status, 422);
      assert.equal(response.body.code, 'user.suspended');
    });
  });

  describe('subject tokens asked for at the same moment', () => {
    it('answers each request for its own user: issued, unknown or suspended', async () => {
      const suspended = await createUser(t, [resource.scopeIds.read!]);
      assert.equal(
        (await t.api('PATCH', `/users/${suspended}/is-suspended`, { isSuspended: true })).status,
        200,
      );
      const asked = Array.from({ length: 30 }, (_, i) => [userId, 'nobody', suspended][i % 3]!);
      const answers = await Promise.all(
        asked.map((id, i) =>
          t.api<{ subjectToken?: string; code?: string }>('POST', '/subject-tokens', {
            userId: id,
            context: { request: i },
          }),
        ),
      );
      const expected = { [userId]: 201, nobody: 404, [suspended]: 422 };
      answers.forEach((answer, i) => assert.equal(answer.status, expected[asked[i]!], `request ${i}`));
      const issued = answers.filter((answer) => answer.status === 201);
      const tokens = new Set(issued.map((answer) => answer.body.subjectToken));
      assert.equal(tokens.size, 10);
      for (const answer of issued) {
        const response = await exchange(t.baseUrl, app, params(answer.body.subjectToken!));
        assert.equal(response.status, 200, JSON.stringify(response.body));
      }
      const { rows } = await sql<{ count: string }>`
        SELECT count(*) FROM logs WHERE key = 'SubjectToken.Issued' AND user_id IN (${userId}, ${suspended}, 'nobody')
          AND payload -> 'context' ? 'request'`.execute(db);
      assert.equal(Number(rows[0]!.count), 10);
    });
  });

  describe('token exchange', () => {
    it('refuses an application that did not switch token exchange on', async () => {
      const off = await createApplication(t, 'SPA', { allowTokenExchange: false });
      await refused(
        off,
        params(await issueSubjectToken(t, userId)),
        'unauthorized_client',
        'token exchange is not allowed for this application',
      );
    });

    it('refuses third-party applications: on create, and at the token endpoint', async () => {
      const created = await t.api('POST', '/applications', {
        name: 'third party',
        type: 'Traditional',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: ['http://127.0.0.1/cb'] },
        customClientMetadata: { allowTokenExchange: true },
      });
      assert.equal(created.status, 422);
      // Even if the flag reached the database by another path, the grant refuses.
      const thirdParty = await createApplication(t, 'Traditional');
      await db
        .updateTable('applications')
        .set({ is_third_party: true })
        .where('id', '=', thirdParty.id)
        .execute();
      await refused(
        thirdParty,
        params(await issueSubjectToken(t, userId)),
        'unauthorized_client',
        'token exchange is not allowed for this application',
      );
    });

    it('refuses an expired subject token', async () => {
      const token = await issueSubjectToken(t, userId);
      await db
        .updateTable('subject_tokens')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('token_hash', '=', hashSubjectToken(token))
        .execute();
      await refused(app, params(token), 'invalid_grant');
    });

    it('refuses a consumed, an unknown and a malformed subject token', async () => {
      const token = await issueSubjectToken(t, userId);
      assert.equal((await exchange(t.baseUrl, app, params(token))).status, 200);
      await refused(app, params(token), 'invalid_grant');
      await refused(app, params(`sub_${'A'.repeat(43)}`), 'invalid_grant');
      await refused(app, params('not-a-subject-token'), 'invalid_grant');
    });

    it('refuses a missing, an unknown and the management API resource', async () => {
      const token = await issueSubjectToken(t, userId);
      const { resource: _omitted, ...withoutResource } = params(token);
      await refused(app, withoutResource, 'invalid_target');
      await refused(app, params(token, { resource: 'https://unknown.example.com' }), 'invalid_target');
      await refused(app, params(token, { resource: t.config.managementApiIndicator }), 'invalid_target');
      // None of these consumed the token.
      assert.equal((await exchange(t.baseUrl, app, params(token))).status, 200);
    });

    it('refuses a missing scope, and scopes the user does not hold', async () => {
      const token = await issueSubjectToken(t, userId);
      const { scope: _omitted, ...withoutScope } = params(token);
      await refused(app, withoutScope, 'invalid_request', /scope/);
      const other = await createResource(t, ['write']);
      await refused(app, params(token, { resource: other.indicator, scope: 'write' }), 'invalid_scope');
    });

    it('refuses a wrong subject_token_type, or an actor_token without its type', async () => {
      const token = await issueSubjectToken(t, userId);
      await refused(
        app,
        params(token, { subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' }),
        'invalid_request',
        /subject_token_type/,
      );
      const actor = await mintAccessToken(t, { sub: userId, aud: resource.indicator, scope: 'openid' });
      await refused(app, params(token, { actor_token: actor, actor_token_type: '' }), 'invalid_request');
      await refused(
        app,
        params(token, { actor_token: actor, actor_token_type: 'urn:ietf:params:oauth:token-type:jwt' }),
        'invalid_request',
      );
      assert.equal(ACCESS_TOKEN_TYPE.endsWith('access_token'), true);
    });

    it('refuses bad client credentials and unknown public clients', async () => {
      const token = await issueSubjectToken(t, userId);
      await refused({ ...app, secret: 'wrong-secret' }, params(token), 'invalid_client', undefined, 401);
      await refused({ id: 'no-such-app', type: 'SPA' }, params(token), 'invalid_client', undefined, 401);
      // A public client cannot authenticate as a confidential one by omitting the secret.
      await refused({ id: app.id, type: 'SPA' }, params(token), 'invalid_client', undefined, 401);
      assert.equal((await exchange(t.baseUrl, spa, params(token))).status, 200);
    });

    it('refuses an actor token without openid, of another issuer or key, expired, or of a client', async () => {
      const token = await issueSubjectToken(t, userId);
      const actorId = await createUser(t);
      const actor = (claims: Record<string, unknown>) =>
        params(token, { actor_token_type: ACCESS_TOKEN_TYPE, actor_token: claims.token as string });

      const noOpenid = await mintAccessToken(t, { sub: actorId, aud: resource.indicator, scope: 'profile' });
      await refused(app, actor({ token: noOpenid }), 'invalid_grant', 'actor_token lacks the openid scope');

      const { privateKey } = await generateKeyPair('ES256');
      const foreign = await new SignJWT({ sub: actorId, scope: 'openid', client_id: 'x' })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
        .setIssuer('https://other-issuer.example.com/oidc')
        .setAudience(resource.indicator)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      await refused(
        app,
        actor({ token: foreign }),
        'invalid_grant',
        /not an access token issued by this service/,
      );

      const otherIssuer = await mintAccessToken(t, {
        sub: actorId,
        scope: 'openid',
        iss: 'https://evil.example',
      });
      await refused(app, actor({ token: otherIssuer }), 'invalid_grant');

      const expired = await mintAccessToken(
        t,
        { sub: actorId, aud: resource.indicator, scope: 'openid' },
        -60,
      );
      await refused(app, actor({ token: expired }), 'invalid_grant', 'actor_token has expired');

      const clientToken = await mintAccessToken(t, { sub: 'm2m-app', client_id: 'm2m-app', scope: 'openid' });
      await refused(
        app,
        actor({ token: clientToken }),
        'invalid_grant',
        'actor_token does not belong to a user',
      );

      await refused(app, actor({ token: 'opaque-but-unknown' }), 'invalid_grant');
      // The refusals above did not burn the subject token.
      assert.equal((await exchange(t.baseUrl, app, params(token))).status, 200);
    });

    it('refuses the subject token of a user suspended or deleted after it was issued', async () => {
      const suspended = await createUser(t, [resource.scopeIds.read!]);
      const token = await issueSubjectToken(t, suspended);
      assert.equal(
        (await t.api('PATCH', `/users/${suspended}/is-suspended`, { isSuspended: true })).status,
        200,
      );
      await refused(app, params(token), 'invalid_grant', 'the subject user is suspended');

      const deleted = await createUser(t, [resource.scopeIds.read!]);
      const orphan = await issueSubjectToken(t, deleted);
      assert.equal((await t.api('DELETE', `/users/${deleted}`)).status, 204);
      await refused(app, params(orphan), 'invalid_grant');
    });

    it('refuses delegation chains: an actor token or a subject token carrying act', async () => {
      const actorId = await createUser(t);
      const chained = await mintAccessToken(t, {
        sub: actorId,
        scope: 'openid',
        act: { sub: 'someone-else' },
      });
      const token = await issueSubjectToken(t, userId);
      await refused(
        app,
        params(token, { actor_token: chained, actor_token_type: ACCESS_TOKEN_TYPE }),
        'invalid_grant',
        /delegation chains/,
      );

      // An impersonated token used as the actor of a new impersonation.
      const impersonated = await exchange(t.baseUrl, app, params(token));
      const second = await issueSubjectToken(t, userId);
      await refused(
        app,
        params(second, {
          actor_token: impersonated.body.access_token as string,
          actor_token_type: ACCESS_TOKEN_TYPE,
        }),
        'invalid_grant',
      );

      // A subject token whose context carries act (the API refuses to create one; the grant checks again).
      const withAct = await issueSubjectToken(t, userId, { ticketId: 'T-2' });
      await db
        .updateTable('subject_tokens')
        .set({ context: JSON.stringify({ act: { sub: actorId } }) })
        .where('token_hash', '=', hashSubjectToken(withAct))
        .execute();
      await refused(app, params(withAct), 'invalid_grant', /delegation chains/);
    });

    it('records every refusal with its reason, and no token', async () => {
      const token = await issueSubjectToken(t, userId);
      await refused({ ...app, secret: `wrong-${newId()}` }, params(token), 'invalid_client', undefined, 401);
      await refused(app, params(`sub_${'B'.repeat(43)}`), 'invalid_grant');
      const logs = await t.api<
        Array<{ payload: { result: string; error?: { code: string; reason?: string } } }>
      >('GET', `/logs?key=ExchangeTokenBy.TokenExchange&applicationId=${app.id}&page_size=100`);
      const errors = logs.body
        .filter((log) => log.payload.result === 'Error')
        .map((log) => log.payload.error!);
      assert.ok(
        errors.some((error) => error.code === 'invalid_grant' && error.reason === 'unknown subject token'),
      );
      assert.ok(errors.some((error) => error.reason === 'consumed subject token'));
      assert.ok(errors.some((error) => error.reason === 'expired subject token'));
      assert.ok(errors.some((error) => error.code === 'invalid_target'));
      // The failed client authentication is logged from the provider's event, after the response.
      const deadline = Date.now() + 5000;
      let sawInvalidClient = false;
      while (!sawInvalidClient && Date.now() < deadline) {
        const again = await t.api<Array<{ payload: { error?: { code: string } } }>>(
          'GET',
          `/logs?key=ExchangeTokenBy.TokenExchange&applicationId=${app.id}&page_size=100`,
        );
        sawInvalidClient = again.body.some((log) => log.payload.error?.code === 'invalid_client');
        if (!sawInvalidClient) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(sawInvalidClient);
      assert.ok(!JSON.stringify(logs.body).includes(token));
    });
  });
});
