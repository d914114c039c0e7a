import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import {
  createApplication as createSignInApp,
  createUser as createPasswordUser,
} from '../experience/fixtures.js';
import { signIn } from '../experience/flow.js';
import { clientCredentials } from '../support/http.js';
import { startTestService } from '../support/service.js';
import {
  ACCESS_TOKEN_TYPE,
  createApplication,
  createResource,
  exchange,
  issueSubjectToken,
  mintAccessToken,
  TOKEN_EXCHANGE,
} from './fixtures.js';

const IMPERSONATION_TOKEN_TYPE = 'urn:logto:token-type:impersonation_token';
const password = 'a-long-enough-Passw0rd!';

/** A user's own access token exchanged for a narrower one of its resource, and Logto's newer forms. */
describe('token exchange of access tokens and Logto’s token types', async () => {
  const t = await startTestService();
  const orders = await createResource(t, ['orders:read']);
  const billing = await createResource(t, ['read', 'write', 'admin']);
  const signInApp = await createSignInApp(t, 'Traditional');
  const exchanger = await createApplication(t, 'Traditional');
  const exchangerClient = await oidc.discovery(
    new URL(t.config.issuer),
    exchanger.id,
    exchanger.secret,
    oidc.ClientSecretBasic(exchanger.secret),
    { execute: [oidc.allowInsecureRequests] },
  );

  /** A user holding orders:read, and read + write of billing; signed in to the sign-in app for billing. */
  const signedInUser = async (
    parameters: Record<string, string> = { resource: billing.indicator, scope: 'openid read write' },
  ) => {
    const user = await createPasswordUser(t, password);
    const role = await t.api<{ id: string }>('POST', '/roles', {
      name: `customer ${user.username}`,
      description: 'customer',
      scopeIds: [orders.scopeIds['orders:read']!, billing.scopeIds.read!, billing.scopeIds.write!],
    });
    assert.equal((await t.api('POST', `/users/${user.id}/roles`, { roleIds: [role.body.id] })).status, 201);
    const { tokens } = await signIn(t, signInApp, user, password, parameters);
    return { user, accessToken: tokens.access_token };
  };

  const refused = async (
    body: Record<string, string>,
    error: string,
    description?: RegExp,
    client: { id: string; secret?: string; type: string } = exchanger,
  ) => {
    const response = await exchange(t.baseUrl, client, body);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error, error, JSON.stringify(response.body));
    if (description) assert.match(String(response.body.error_description), description);
    assert.equal(response.body.access_token, undefined);
  };

  const exchangeLogs = async (userId: string) =>
    (
      await t.api<
        {
          payload: {
            result: string;
            subjectTokenType?: string;
            accessTokenId?: string;
            grantedScopes?: string[];
            error?: { code: string; reason?: string };
          };
        }[]
      >('GET', `/logs?key=ExchangeTokenBy.TokenExchange&userId=${userId}`)
    ).body.map((log) => log.payload);

  it('exchanges a subject token sent as urn:logto:token-type:impersonation_token, once', async () => {
    const { user } = await signedInUser();
    const subjectToken = await issueSubjectToken(t, user.id);
    const params = {
      subject_token: subjectToken,
      subject_token_type: IMPERSONATION_TOKEN_TYPE,
      resource: billing.indicator,
      scope: 'read',
    };
    const issued = await oidc.genericGrantRequest(exchangerClient, TOKEN_EXCHANGE, params);
    assert.equal(issued.issued_token_type, ACCESS_TOKEN_TYPE);
    assert.equal(decodeJwt(issued.access_token).sub, user.id);
    await refused(params, 'invalid_grant', /already used/);
    // The type names subject tokens only: an access token under it is no subject token.
    const accessToken = await mintAccessToken(t, { sub: user.id, aud: orders.indicator });
    await refused({ ...params, subject_token: accessToken }, 'invalid_grant');
  });

  it('downscopes a user’s own access token within its resource, and audits it', async () => {
    const { user, accessToken } = await signedInUser();
    const original = decodeJwt(accessToken);
    assert.equal(original.aud, billing.indicator);
    // Never to another resource, though the user holds orders:read there.
    await refused(
      { subject_token: accessToken, resource: orders.indicator, scope: 'orders:read' },
      'invalid_target',
      /not an audience of subject_token/,
    );
    const issued = await oidc.genericGrantRequest(exchangerClient, TOKEN_EXCHANGE, {
      subject_token: accessToken,
      subject_token_type: ACCESS_TOKEN_TYPE,
      resource: billing.indicator,
      scope: 'read write admin',
    });
    assert.equal(issued.scope, 'read write');
    assert.equal(issued.refresh_token, undefined);
    assert.equal(issued.id_token, undefined);
    const claims = decodeJwt(issued.access_token);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.aud, billing.indicator);
    assert.equal(claims.client_id, exchanger.id);
    assert.equal(claims.gty, TOKEN_EXCHANGE);
    assert.equal(claims.act, undefined);
    assert.ok(claims.exp! <= original.exp!, 'never outlives the token it came from');

    // Not single use: the same access token exchanges again while it stands.
    const again = await exchange(t.baseUrl, exchanger, {
      subject_token: accessToken,
      resource: billing.indicator,
      scope: 'read',
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));

    const [latest, first] = await exchangeLogs(user.id);
    assert.equal(latest!.result, 'Success');
    assert.equal(first!.subjectTokenType, 'access_token');
    assert.equal(first!.accessTokenId, original.jti);
    assert.deepEqual(first!.grantedScopes, ['read', 'write']);
    assert.ok(!JSON.stringify(await exchangeLogs(user.id)).includes(accessToken));
  });

  it('takes an opaque (userinfo) token as actor, giving act; as subject it reaches no resource', async () => {
    const { user, accessToken } = await signedInUser();
    const userInfoToken = (await signIn(t, signInApp, user, password, { scope: 'openid profile' })).tokens
      .access_token;
    assert.equal(userInfoToken.split('.').length, 1, 'opaque');
    await refused(
      { subject_token: userInfoToken, resource: billing.indicator, scope: 'write' },
      'invalid_target',
      /not an audience of subject_token/,
    );
    // An actor token carries openid: the actor's userinfo token.
    const actor = await signedInUser({ scope: 'openid profile' });
    const actorOwn = await signIn(t, signInApp, actor.user, password, {
      resource: billing.indicator,
      scope: 'openid read',
    });
    const response = await exchange(t.baseUrl, exchanger, {
      subject_token: accessToken,
      resource: billing.indicator,
      scope: 'write',
      actor_token: actor.accessToken,
      actor_token_type: ACCESS_TOKEN_TYPE,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const claims = decodeJwt(response.body.access_token as string);
    assert.equal(claims.sub, user.id);
    assert.deepEqual(claims.act, { sub: actor.user.id });
    // Nobody acts for themself.
    await refused(
      {
        subject_token: actorOwn.tokens.access_token,
        resource: billing.indicator,
        scope: 'read',
        actor_token: actor.accessToken,
        actor_token_type: ACCESS_TOKEN_TYPE,
      },
      'invalid_grant',
      /actor and the subject/,
    );
  });

  it('takes RFC 8693’s audience as the resource', async () => {
    const { accessToken } = await signedInUser();
    const base = { subject_token: accessToken, scope: 'read' };
    const byAudience = await exchange(t.baseUrl, exchanger, { ...base, audience: billing.indicator });
    assert.equal(byAudience.status, 200, JSON.stringify(byAudience.body));
    assert.equal(decodeJwt(byAudience.body.access_token as string).aud, billing.indicator);
    const both = { ...base, audience: billing.indicator, resource: billing.indicator };
    assert.equal((await exchange(t.baseUrl, exchanger, both)).status, 200);

    await refused({ ...base, audience: 'https://unknown.example.com' }, 'invalid_target');
    await refused({ ...base, audience: t.config.managementApiIndicator }, 'invalid_target');
    await refused(
      { ...base, audience: orders.indicator, resource: billing.indicator },
      'invalid_target',
      /different resources/,
    );
    // With a subject token, the refusals spend nothing: the audience is checked first.
    const subjectToken = await issueSubjectToken(t, decodeJwt(accessToken).sub!);
    await refused(
      { subject_token: subjectToken, scope: 'read', audience: 'https://x.example' },
      'invalid_target',
    );
    const spent = await exchange(t.baseUrl, exchanger, {
      subject_token: subjectToken,
      scope: 'read',
      audience: billing.indicator,
    });
    assert.equal(spent.status, 200, JSON.stringify(spent.body));
  });

  it('refuses expired, foreign-signed and foreign-audience tokens, and tokens of clients', async () => {
    const { user } = await signedInUser();
    const params = (subjectToken: string) => ({
      subject_token: subjectToken,
      resource: billing.indicator,
      scope: 'read',
    });
    const own = { sub: user.id, client_id: signInApp.id, scope: 'openid read' };

    const valid = await mintAccessToken(t, { ...own, aud: billing.indicator });
    assert.equal(
      (await exchange(t.baseUrl, exchanger, params(valid))).status,
      200,
      'the control case passes',
    );

    const expired = await mintAccessToken(t, { ...own, aud: billing.indicator }, -60);
    await refused(params(expired), 'invalid_grant', /subject_token has expired/);

    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...own, jti: 'forged' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(t.config.issuer)
      .setAudience(billing.indicator)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await refused(params(forged), 'invalid_grant', /not an access token issued by this service/);

    const foreign = await mintAccessToken(t, { ...own, aud: 'https://api.elsewhere.example' });
    await refused(params(foreign), 'invalid_grant', /not issued for an API resource of this service/);

    const m2m = await createApplication(t, 'MachineToMachine');
    const clientToken = await clientCredentials(t.baseUrl, m2m, { resource: orders.indicator });
    const clientBody = (await clientToken.json()) as { access_token: string };
    assert.equal(clientToken.status, 200, JSON.stringify(clientBody));
    await refused(params(clientBody.access_token), 'invalid_grant', /does not belong to a user/);

    const reasons = (await exchangeLogs(user.id)).map((log) => log.error?.reason);
    assert.ok(reasons.includes('foreign audience'));
  });

  it('refuses when the switch is off, the sign-in was revoked, the user suspended, or for a chain', async () => {
    const { user, accessToken } = await signedInUser();
    const params = (subjectToken: string) => ({
      subject_token: subjectToken,
      resource: billing.indicator,
      scope: 'read',
    });
    const off = await createApplication(t, 'Traditional', { allowTokenExchange: false });
    await refused(params(accessToken), 'unauthorized_client', /not allowed for this application/, off);

    // A token from an exchange is never exchanged again, with or without act.
    const exchanged = await exchange(t.baseUrl, exchanger, params(accessToken));
    assert.equal(exchanged.status, 200);
    await refused(params(exchanged.body.access_token as string), 'invalid_grant', /delegation chains/);
    const impersonated = await exchange(t.baseUrl, exchanger, params(await issueSubjectToken(t, user.id)));
    await refused(params(impersonated.body.access_token as string), 'invalid_grant', /delegation chains/);

    const { grants } = (await t.api<{ grants: { id: string }[] }>('GET', `/users/${user.id}/grants`)).body;
    for (const grant of grants) {
      assert.equal((await t.api('DELETE', `/users/${user.id}/grants/${grant.id}`)).status, 204);
    }
    await refused(params(accessToken), 'invalid_grant', /revoked/);

    const other = await signedInUser();
    assert.equal(
      (await t.api('PATCH', `/users/${other.user.id}/is-suspended`, { isSuspended: true })).status,
      200,
    );
    await refused(params(other.accessToken), 'invalid_grant', /suspended/);

    const errors = (await exchangeLogs(user.id)).filter((log) => log.result === 'Error');
    assert.ok(errors.length >= 3, 'every refusal is audited');
    assert.ok(errors.every((log) => log.subjectTokenType === 'access_token'));
  });
});
