import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { secretDigest } from '../../src/storage/ids.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';
import {
  createApplication,
  createResource,
  createUser,
  exchange,
  TOKEN_EXCHANGE,
} from '../impersonation/fixtures.js';

const PAT_TYPE = 'urn:logto:token-type:personal_access_token';

interface Pat {
  userId: string;
  name: string;
  value: string | null;
  createdAt: number;
  expiresAt: number | null;
}

describe('personal access tokens', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;
  const resource = await createResource(t, ['orders:read', 'orders:write'], 900);
  const userId = await createUser(t, [resource.scopeIds['orders:read']!]);
  const web = await createApplication(t, 'Traditional');
  const base = `/users/${userId}/personal-access-tokens`;
  const expectError = async (method: string, path: string, body: unknown, status: number, code: string) => {
    const response = await t.api<{ code: string }>(method, path, body);
    assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.code, code);
  };
  const patExchange = (token: string, scope = 'orders:read orders:write') =>
    exchange(t.baseUrl, web, {
      subject_token: token,
      subject_token_type: PAT_TYPE,
      resource: resource.indicator,
      scope,
    });

  it('creates, lists, renames and deletes tokens in Logto’s shapes; the value is sealed at rest', async () => {
    const created = await t.api<Pat>('POST', base, { name: 'ci' });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.body).sort(), ['createdAt', 'expiresAt', 'name', 'userId', 'value']);
    assert.match(created.body.value!, /^pat_[A-Za-z0-9_-]{32}$/);
    assert.equal(created.body.expiresAt, null);

    const row = await db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    assert.equal(row.digest, secretDigest(created.body.value!));
    assert.ok(!row.sealed_value.includes(created.body.value!.slice(4)));

    const listed = await apiOk<Pat[]>(t, 'GET', base);
    assert.deepEqual(listed, [created.body]);

    await expectError('POST', base, { name: 'ci' }, 422, 'user.personal_access_token_name_exists');
    await expectError(
      'POST',
      base,
      { name: 'old', expiresAt: Date.now() - 1000 },
      400,
      'request.invalid_input',
    );
    await expectError('POST', '/users/nobody/personal-access-tokens', { name: 'x' }, 404, 'entity.not_found');

    const other = await apiOk<Pat>(t, 'POST', base, { name: 'other', expiresAt: Date.now() + 60_000 });
    await expectError(
      'PATCH',
      `${base}/ci`,
      { name: 'other' },
      422,
      'user.personal_access_token_name_exists',
    );
    const renamed = await apiOk<Pat>(t, 'PATCH', `${base}/ci`, { name: 'deploy' });
    assert.equal(renamed.name, 'deploy');
    assert.equal(renamed.value, created.body.value);
    await expectError('PATCH', `${base}/ci`, { name: 'again' }, 404, 'entity.not_found');

    assert.equal((await t.api('DELETE', `${base}/other`)).status, 204);
    await expectError('DELETE', `${base}/other`, undefined, 404, 'entity.not_found');
    assert.deepEqual(
      (await apiOk<Pat[]>(t, 'GET', base)).map((token) => token.name),
      ['deploy'],
    );
    assert.notEqual(other.value, null);
    assert.equal((await t.api('DELETE', `${base}/deploy`)).status, 204);
  });

  it('exchanges a token at /oidc/token (openid-client) for the user’s access token of the held scopes', async () => {
    const pat = await apiOk<Pat>(t, 'POST', base, { name: 'exchange', expiresAt: Date.now() + 3_600_000 });
    const config = await oidc.discovery(
      new URL(`${t.baseUrl}/oidc`),
      web.id,
      web.secret,
      oidc.ClientSecretBasic(web.secret),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const tokens = await oidc.genericGrantRequest(config, TOKEN_EXCHANGE, {
      subject_token: pat.value!,
      subject_token_type: PAT_TYPE,
      resource: resource.indicator,
      scope: 'orders:read orders:write',
    });
    assert.equal(tokens.issued_token_type, 'urn:ietf:params:oauth:token-type:access_token');
    assert.equal(tokens.scope, 'orders:read');
    const { payload } = await jwtVerify(
      tokens.access_token,
      createRemoteJWKSet(new URL(`${t.baseUrl}/oidc/jwks`)),
      {
        issuer: t.config.issuer,
        audience: resource.indicator,
      },
    );
    assert.equal(payload.sub, userId);
    assert.equal(payload.client_id, web.id);
    assert.equal(payload.act, undefined);

    // Not consumed: a PAT exchanges again.
    assert.equal((await patExchange(pat.value!)).status, 200);
    await apiOk(t, 'DELETE', `${base}/exchange`);
    const deleted = await patExchange(pat.value!);
    assert.equal(deleted.status, 400);
    assert.equal(deleted.body.error, 'invalid_grant');
  });

  it('refuses unknown, expired and suspended users’ tokens with invalid_grant', async () => {
    for (const value of ['pat_unknown', 'not-a-pat']) {
      const refused = await patExchange(value);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, 'invalid_grant');
    }
    const pat = await apiOk<Pat>(t, 'POST', base, { name: 'short', expiresAt: Date.now() + 60_000 });
    await db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .where('name', '=', 'short')
      .execute();
    const expired = await patExchange(pat.value!);
    assert.equal(expired.status, 400);
    assert.equal(expired.body.error, 'invalid_grant');

    const suspendedUser = await createUser(t, [resource.scopeIds['orders:read']!]);
    const theirs = await apiOk<Pat>(t, 'POST', `/users/${suspendedUser}/personal-access-tokens`, {
      name: 'x',
    });
    assert.equal((await patExchange(theirs.value!)).status, 200);
    await apiOk(t, 'PATCH', `/users/${suspendedUser}/is-suspended`, { isSuspended: true });
    const suspended = await patExchange(theirs.value!);
    assert.equal(suspended.status, 400);
    assert.equal(suspended.body.error, 'invalid_grant');
  });

  it('audits each reveal of token values, never the value', async () => {
    const pat = await apiOk<Pat>(t, 'POST', base, { name: 'audited' });
    await apiOk(t, 'GET', base);
    const logs = await apiOk<{ key: string; payload: Record<string, unknown> }[]>(
      t,
      'GET',
      `/logs?key=PersonalAccessToken.Reveal&userId=${userId}`,
    );
    assert.ok(logs.length >= 1);
    assert.ok((logs[0]!.payload.tokenNames as string[]).includes('audited'));
    assert.ok(!JSON.stringify(logs).includes(pat.value!));
  });
});
