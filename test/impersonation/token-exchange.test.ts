import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { MANAGEMENT_ROLE_ID } from '../../src/management/seed.js';
import { json } from '../support/http.js';
import { startTestService } from '../support/service.js';
import {
  ACCESS_TOKEN_TYPE,
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
  mintAccessToken,
  TOKEN_EXCHANGE,
} from './fixtures.js';

describe('impersonation: subject token, token exchange, audit', async () => {
  const t = await startTestService();
  const issuer = new URL(`${t.baseUrl}/oidc`);
  const jwks = createRemoteJWKSet(new URL(`${t.baseUrl}/oidc/jwks`));
  const resource = await createResource(t, ['orders:read', 'orders:write', 'billing:read'], 900);
  const userId = await createUser(t, [resource.scopeIds['orders:read']!, resource.scopeIds['billing:read']!]);
  const spa = await createApplication(t, 'SPA');
  const web = await createApplication(t, 'Traditional');

  /** Step 2: the integrator's backend, an M2M app holding the management role, asks for a subject token. */
  const backendSubjectToken = async (context: Record<string, unknown>) => {
    const backend = await createApplication(t, 'MachineToMachine', { allowTokenExchange: false });
    const assigned = await t.api('POST', `/applications/${backend.id}/roles`, {
      roleIds: [MANAGEMENT_ROLE_ID],
    });
    assert.ok(assigned.status < 300);
    const config = await oidc.discovery(
      issuer,
      backend.id,
      backend.secret,
      oidc.ClientSecretBasic(backend.secret),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const management = await oidc.clientCredentialsGrant(config, {
      resource: t.config.managementApiIndicator,
      scope: 'all',
    });
    const response = await fetch(`${t.baseUrl}/api/subject-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${management.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId, context }),
    });
    assert.equal(response.status, 201);
    const body = await json(response);
    assert.deepEqual(Object.keys(body).sort(), ['expiresIn', 'subjectToken']);
    assert.equal(body.expiresIn, 600);
    assert.match(body.subjectToken, /^sub_[A-Za-z0-9_-]{43}$/);
    return { subjectToken: body.subjectToken as string, backendId: backend.id };
  };

  const exchangeParams = (subjectToken: string, extra: Record<string, string> = {}) => ({
    subject_token: subjectToken,
    subject_token_type: ACCESS_TOKEN_TYPE,
    resource: resource.indicator,
    scope: 'orders:read orders:write',
    ...extra,
  });

  const verify = async (accessToken: string) =>
    (
      await jwtVerify(accessToken, jwks, {
        issuer: t.config.issuer,
        audience: resource.indicator,
        typ: 'at+jwt',
      })
    ).payload;

  it('lets a public SPA exchange a subject token for a resource-bound JWT (openid-client, client_id in body)', async () => {
    const { subjectToken, backendId } = await backendSubjectToken({ ticketId: 'T-1', reason: 'support' });
    const config = await oidc.discovery(issuer, spa.id, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const tokens = await oidc.genericGrantRequest(config, TOKEN_EXCHANGE, exchangeParams(subjectToken));

    assert.deepEqual(Object.keys(tokens).sort(), [
      'access_token',
      'expires_in',
      'issued_token_type',
      'scope',
      'token_type',
    ]);
    assert.equal(tokens.issued_token_type, ACCESS_TOKEN_TYPE);
    assert.equal(tokens.token_type, 'bearer');
    assert.equal(tokens.expires_in, 900, 'the TTL is the resource’s');
    assert.equal(tokens.scope, 'orders:read', 'requested ∩ held through roles');
    assert.equal(tokens.refresh_token, undefined);
    assert.equal(tokens.id_token, undefined);

    const claims = await verify(tokens.access_token);
    assert.deepEqual(Object.keys(claims).sort(), [
      'aud',
      'client_id',
      'exp',
      'gty',
      'iat',
      'iss',
      'jti',
      'scope',
      'sub',
    ]);
    assert.equal(claims.gty, TOKEN_EXCHANGE);
    assert.equal(claims.sub, userId);
    assert.equal(claims.aud, resource.indicator);
    assert.equal(claims.client_id, spa.id);
    assert.equal(claims.scope, 'orders:read');
    assert.equal(claims.exp! - claims.iat!, 900);

    const second = await exchange(t.baseUrl, spa, exchangeParams(subjectToken));
    assert.equal(second.status, 400);
    assert.equal(second.body.error, 'invalid_grant');

    const issued = await t.api<Array<{ payload: Record<string, unknown> }>>(
      'GET',
      `/logs?key=SubjectToken.Issued&applicationId=${backendId}`,
    );
    assert.equal(issued.body.length, 1);
    assert.deepEqual(issued.body[0]!.payload.context, { ticketId: 'T-1', reason: 'support' });
    assert.equal(issued.body[0]!.payload.userId, userId);
  });

  it('lets a confidential Traditional app exchange with HTTP Basic', async () => {
    const { subjectToken } = await backendSubjectToken({});
    const config = await oidc.discovery(issuer, web.id, web.secret, oidc.ClientSecretBasic(web.secret), {
      execute: [oidc.allowInsecureRequests],
    });
    const tokens = await oidc.genericGrantRequest(
      config,
      TOKEN_EXCHANGE,
      exchangeParams(subjectToken, { scope: 'orders:read billing:read' }),
    );
    const claims = await verify(tokens.access_token);
    assert.equal(claims.client_id, web.id);
    assert.equal(claims.scope, 'orders:read billing:read');
    assert.equal(claims.act, undefined);

    await assert.rejects(
      oidc.genericGrantRequest(config, TOKEN_EXCHANGE, exchangeParams(subjectToken)),
      (error: oidc.ResponseBodyError) => error.error === 'invalid_grant',
    );
  });

  it('lets a machine-to-machine app with a secret exchange too', async () => {
    const m2m = await createApplication(t, 'MachineToMachine');
    const subjectToken = await issueSubjectToken(t, userId);
    const response = await exchange(t.baseUrl, m2m, exchangeParams(subjectToken));
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal((await verify(response.body.access_token as string)).client_id, m2m.id);
  });

  it('puts act: {sub} in the token when a JWT actor token of this issuer is given', async () => {
    const actorId = await createUser(t);
    const actorToken = await mintAccessToken(t, {
      sub: actorId,
      client_id: web.id,
      aud: resource.indicator,
      scope: 'openid profile',
    });
    const subjectToken = await issueSubjectToken(t, userId, { supportEngineerId: actorId });
    const response = await exchange(t.baseUrl, web, {
      ...exchangeParams(subjectToken),
      actor_token: actorToken,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const claims = await verify(response.body.access_token as string);
    assert.deepEqual(claims.act, { sub: actorId });
    assert.equal(claims.sub, userId);

    const logs = await t.api<Array<{ payload: Record<string, unknown> }>>(
      'GET',
      `/logs?key=ExchangeTokenBy.TokenExchange&userId=${userId}&page_size=1`,
    );
    assert.equal(logs.body[0]!.payload.result, 'Success');
    assert.equal(logs.body[0]!.payload.actorId, actorId);
    assert.deepEqual(logs.body[0]!.payload.grantedScopes, ['orders:read']);
  });

  it('accepts an opaque access token of the provider as actor token', async () => {
    const actorId = await createUser(t);
    const { provider } = t.service.app.services;
    const client = await provider.Client.find(web.id);
    const opaque = new provider.AccessToken({
      accountId: actorId,
      client: client!,
      scope: 'openid profile',
      grantId: 'test-grant',
      gty: 'authorization_code',
    });
    const actorToken = await opaque.save();
    const subjectToken = await issueSubjectToken(t, userId);
    const response = await exchange(t.baseUrl, spa, {
      ...exchangeParams(subjectToken),
      actor_token: actorToken!,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual((await verify(response.body.access_token as string)).act, { sub: actorId });
  });

  it('gives each of many concurrent exchanges its own user and scopes (consumed together in one statement)', async () => {
    const otherUserId = await createUser(t, [resource.scopeIds['orders:write']!]);
    const redemptions = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const user = i % 3 === 0 ? otherUserId : userId;
        return { user, subjectToken: await issueSubjectToken(t, user) };
      }),
    );
    const results = await Promise.all(
      redemptions.map(({ subjectToken }) => exchange(t.baseUrl, web, exchangeParams(subjectToken))),
    );
    results.forEach((result, i) => {
      assert.equal(result.status, 200, JSON.stringify(result.body));
      const claims = decodeJwt(result.body.access_token as string);
      const user = redemptions[i]!.user;
      assert.equal(claims.sub, user);
      assert.equal(claims.scope, user === otherUserId ? 'orders:write' : 'orders:read');
    });
  });

  it('redeems a subject token exactly once among 25 concurrent exchanges', async () => {
    const subjectToken = await issueSubjectToken(t, userId);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        exchange(t.baseUrl, i % 2 ? spa : web, exchangeParams(subjectToken)),
      ),
    );
    const won = results.filter((result) => result.status === 200);
    assert.equal(won.length, 1);
    assert.ok(
      results
        .filter((r) => r.status !== 200)
        .every((r) => r.status === 400 && r.body.error === 'invalid_grant'),
    );
  });

  it('keeps tokens out of the audit log, pages it and reads one entry', async () => {
    const subjectToken = await issueSubjectToken(t, userId, { ticketId: 'T-9' });
    const response = await exchange(t.baseUrl, spa, exchangeParams(subjectToken));
    const accessToken = response.body.access_token as string;

    const all = await t.api<Array<{ id: string; key: string; payload: unknown; createdAt: number }>>(
      'GET',
      '/logs?page_size=100',
    );
    assert.equal(all.status, 200);
    const text = JSON.stringify(all.body);
    assert.ok(!text.includes(subjectToken) && !text.includes(subjectToken.slice(4)), 'no subject token');
    assert.ok(!text.includes(accessToken.split('.')[2]!), 'no access token');
    assert.ok(Number(all.headers.get('total-number')) >= all.body.length);

    const page = await t.api<unknown[]>('GET', '/logs?page=2&page_size=1');
    assert.equal(page.body.length, 1);
    const [first] = all.body;
    const one = await t.api<{ id: string; createdAt: number }>('GET', `/logs/${first!.id}`);
    assert.deepEqual(one.body, first);
    assert.equal((await t.api('GET', '/logs/nope')).status, 404);

    const future = new Date(Date.now() + 60_000).toISOString();
    assert.equal(
      (await t.api<unknown[]>('GET', `/logs?startTime=${encodeURIComponent(future)}`)).body.length,
      0,
    );
    const untilNow = await t.api<unknown[]>('GET', `/logs?endTime=${Date.now() + 1000}&userId=${userId}`);
    assert.ok(untilNow.body.length > 0);
    assert.equal((await t.api('GET', '/logs?startTime=yesterday')).status, 400);
    assert.equal(decodeJwt(accessToken).sub, userId);
  });
});
