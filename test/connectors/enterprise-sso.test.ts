import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSOLE_ROLE_ID } from '../../src/management/seed.js';
import { newId } from '../../src/storage/ids.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { expectStatus, openExperience, verifyByCode } from '../experience/journeys.js';
import { membershipPayload, userDataPayload } from '../experience/payloads.js';
import { startTestService } from '../support/service.js';
import { completeAuthorization } from '../support/oidc-sign-in.js';
import { assignRoles, createApplication } from '../support/sign-in-fixtures.js';
import { startUpstreamIdp } from '../support/upstream-idp.js';
import { federatedVerification, finishSignIn } from './federation.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('enterprise SSO through an upstream OpenID Provider', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');
  const redirectUri = `${t.baseUrl}/callback/sso`;
  const idp = await startUpstreamIdp([redirectUri]);
  const domain = `corp-${newId(6)}.example`;
  const connector = expectStatus(
    await t.api<Json>('POST', '/sso-connectors', {
      providerName: 'OIDC',
      connectorName: `Corp ${newId(4)}`,
      config: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      domains: [domain],
    }),
    200,
  );
  assert.equal(connector.config.clientSecret, '******');
  const organization = expectStatus(await t.api<Json>('POST', '/organizations', { name: 'Corp' }), 201);
  expectStatus(
    await t.api('POST', `/organizations/${organization.id}/jit/sso-connectors`, {
      ssoConnectorIds: [connector.id],
    }),
    201,
  );
  expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: true }), 200);
  const events = await tapAllEvents(t);

  const person = (email: string) => {
    const sub = `corp-${newId(8)}`;
    idp.accounts.set(sub, { sub, email, email_verified: true, name: 'Corp Person' });
    return sub;
  };
  const sso = (sub: string, event: string) =>
    federatedVerification(t, app, idp, { kind: 'sso', connectorId: connector.id, sub, event, redirectUri });

  it('refuses a second connector of the same name with 409 (as Logto)', async () => {
    const again = await t.api<Json>('POST', '/sso-connectors', {
      providerName: 'OIDC',
      connectorName: connector.connectorName,
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'single_sign_on.duplicate_connector_name');
  });

  it('routes an e-mail of a claimed domain to its connector at the identifier step', async () => {
    const { status, body } = await fetch(
      `${t.baseUrl}/api/experience/sso-connectors?email=${encodeURIComponent(`x@${domain.toUpperCase()}`)}`,
    ).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
    assert.equal(status, 200);
    assert.deepEqual(body, { connectorIds: [connector.id] });
    const other = (await (
      await fetch(`${t.baseUrl}/api/experience/sso-connectors?email=x@other.example`)
    ).json()) as Json;
    assert.deepEqual(other, { connectorIds: [] });
  });

  it('registers a new user and provisions the bound organization (Organization.Membership.Updated)', async () => {
    const email = `new.${newId(6)}@${domain}`;
    const sub = person(email);
    const journey = await sso(sub, 'SignIn');
    expectStatus(journey.verify, 200);
    const { verificationId, call } = journey;
    expectStatus(await call('POST', '/identification', { verificationId }), 422, 'user.identity_not_exist');
    expectStatus(await call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
    const { userId, tokens } = await finishSignIn(call, journey.authorization, { verificationId });
    assert.deepEqual(tokens.claims()?.amr, ['fed'], 'the enterprise IdP authenticated, not a password');

    const fired = await events.take();
    assert.deepEqual(names(fired), ['Organization.Membership.Updated', 'PostRegister', 'User.Created']);
    const membership = membershipPayload.parse(only(fired, 'Organization.Membership.Updated'));
    assert.equal(membership.organizationId, organization.id);
    assert.deepEqual(membership.addedUserIds, [userId]);
    assert.equal(membership.interactionEvent, 'Register');
    assert.equal(membership.applicationId, app.id);
    assert.equal(userDataPayload.parse(only(fired, 'User.Created')).data.primaryEmail, email);

    // The next sign-in finds the linked identity; the member joins nothing new.
    const again = await sso(sub, 'SignIn');
    expectStatus(again.verify, 200);
    const second = await finishSignIn(again.call, again.authorization, {
      verificationId: again.verificationId,
    });
    assert.equal(second.userId, userId);
    assert.deepEqual(second.tokens.claims()?.amr, ['fed']);
    assert.deepEqual(names(await events.take()), ['PostSignIn']);

    // Logto's `includeSsoIdentities`: the linked identity, only when asked.
    const plain = expectStatus(await t.api<Json>('GET', `/users/${userId}`), 200);
    assert.equal('ssoIdentities' in plain, false);
    const detailed = expectStatus(
      await t.api<Json>('GET', `/users/${userId}?includeSsoIdentities=true`),
      200,
    );
    assert.equal(detailed.ssoIdentities.length, 1);
    const [identity] = detailed.ssoIdentities;
    assert.equal(identity.userId, userId);
    assert.equal(identity.identityId, sub);
    assert.equal(identity.issuer, idp.issuer);
    assert.equal(identity.ssoConnectorId, connector.id);
    assert.equal(identity.detail.email, email);
    assert.equal(typeof identity.createdAt, 'number');
  });

  it('links an existing account of the e-mail at sign-in (User.Data.Updated) and provisions it', async () => {
    const email = `old.${newId(6)}@${domain}`;
    const existing = expectStatus(await t.api<Json>('POST', '/users', { primaryEmail: email }), 200);
    await events.take();
    const journey = await sso(person(email), 'SignIn');
    expectStatus(journey.verify, 200);
    const { userId } = await finishSignIn(journey.call, journey.authorization, {
      verificationId: journey.verificationId,
    });
    assert.equal(userId, existing.id);
    const fired = await events.take();
    assert.deepEqual(names(fired), ['Organization.Membership.Updated', 'PostSignIn', 'User.Data.Updated']);
    const membership = membershipPayload.parse(only(fired, 'Organization.Membership.Updated'));
    assert.deepEqual(membership.addedUserIds, [existing.id]);
    assert.equal(membership.interactionEvent, 'SignIn');
    assert.equal(userDataPayload.parse(only(fired, 'User.Data.Updated')).data.id, existing.id);
  });

  // Issue #24, finding 2: the connector's provider (whoever runs it) vouches for an address of
  // another domain; an account of that address must not become theirs.
  it('never signs in to or links an account of another domain, a console administrator’s included', async () => {
    const spa = await createApplication(t, 'SPA');
    const operatorDomain = `operator-${newId(6).toLowerCase()}.example`;
    const admin = expectStatus(
      await t.api<Json>('POST', '/users', { primaryEmail: `admin@${operatorDomain}` }),
      200,
    );
    await assignRoles(t, admin.id, CONSOLE_ROLE_ID);
    await events.take();
    const sub = person(admin.primaryEmail);
    const management = { scope: 'openid all', resource: t.config.managementApiIndicator };
    /** The whole attack: SSO as the administrator's address, then a management token and a call. */
    const attack = async (event: 'SignIn' | 'Register') => {
      const journey = await federatedVerification(t, spa, idp, {
        kind: 'sso',
        connectorId: connector.id,
        sub,
        event,
        redirectUri,
        parameters: management,
      });
      expectStatus(journey.verify, 200);
      const { verificationId, call } = journey;
      const identified = await call('POST', '/identification', { verificationId });
      if (identified.status !== 204) return { refused: identified.status, code: identified.body.code };
      const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
      const tokens = await completeAuthorization(journey.authorization, redirectTo, {
        resource: management.resource,
      });
      const users = await fetch(`${t.baseUrl}/api/users`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      return { signedInAs: tokens.claims()?.sub, managementApi: users.status };
    };
    const refusal = { refused: 422, code: 'single_sign_on.email_outside_connector_domains' };
    assert.deepEqual(await attack('SignIn'), refusal);
    assert.deepEqual(await attack('Register'), refusal, 'nor a second account beside it');
    assert.deepEqual(await attack('SignIn'), refusal, 'nothing was linked');
    assert.deepEqual(names(await events.take()), []);
  });

  it('registers an out-of-domain e-mail nobody holds without trusting it: no address, no domain JIT', async () => {
    const elsewhere = `elsewhere-${newId(6).toLowerCase()}.example`;
    const byDomain = expectStatus(await t.api<Json>('POST', '/organizations', { name: 'Elsewhere' }), 201);
    expectStatus(
      await t.api('PUT', `/organizations/${byDomain.id}/jit/email-domains`, { emailDomains: [elsewhere] }),
      204,
    );
    await events.take();
    const journey = await sso(person(`new.${newId(6)}@${elsewhere}`), 'SignIn');
    expectStatus(journey.verify, 200);
    const { verificationId, call } = journey;
    const missing = expectStatus(
      await call('POST', '/identification', { verificationId }),
      422,
      'user.identity_not_exist',
    );
    assert.equal(missing.data, undefined, 'no related account is named');
    expectStatus(await call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
    const { userId } = await finishSignIn(call, journey.authorization, { verificationId });
    const fired = await events.take();
    assert.deepEqual(names(fired), ['Organization.Membership.Updated', 'PostRegister', 'User.Created']);
    const membership = membershipPayload.parse(only(fired, 'Organization.Membership.Updated'));
    assert.equal(membership.organizationId, organization.id, 'the bound organization, not the domain’s');
    assert.equal(userDataPayload.parse(only(fired, 'User.Created')).data.primaryEmail, undefined);
    const user = expectStatus(await t.api<Json>('GET', `/users/${userId}`), 200);
    assert.equal(user.primaryEmail, null, 'the unvouched e-mail is no address of the account');
  });

  it('refuses a password sign-in and a code registration with an e-mail of the domain (session.sso_enabled)', async () => {
    const email = `pw.${newId(6)}@${domain}`;
    const password = 'Corp-Password-1';
    expectStatus(await t.api('POST', '/users', { primaryEmail: email, password }), 200);
    await events.take();
    const signIn = async () => {
      const { call } = await openExperience(t, app);
      expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
      const verified = await call('POST', '/verification/password', {
        identifier: { type: 'email', value: email },
        password,
      });
      const { verificationId } = expectStatus(verified, 200);
      return call('POST', '/identification', { verificationId });
    };
    const refused = expectStatus(await signIn(), 422, 'session.sso_enabled');
    assert.deepEqual(refused.data, { ssoConnectors: [{ id: connector.id }] });

    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    const newcomer = `code.${newId(6)}@${domain}`;
    const verificationId = await verifyByCode(t, call, { type: 'email', value: newcomer });
    expectStatus(await call('POST', '/identification', { verificationId }), 422, 'session.sso_enabled');

    expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: false }), 200);
    try {
      expectStatus(await signIn(), 204);
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: true }), 200);
    }
  });

  it('refuses an e-mail of the domain added to the profile by a code, at registration and sign-in (session.sso_enabled)', async () => {
    const password = 'Corp-Password-2';
    const register = await openExperience(t, app);
    expectStatus(await register.call('PUT', '', { interactionEvent: 'Register' }), 204);
    const username = `corp_${newId(8)}`;
    expectStatus(await register.call('POST', '/profile', { type: 'username', value: username }), 204);
    expectStatus(await register.call('POST', '/profile', { type: 'password', value: password }), 204);
    const identifier = { type: 'email' as const, value: `profile.${newId(6)}@${domain}` };
    const added = await verifyByCode(t, register.call, identifier);
    const body = { type: 'email', verificationId: added };
    expectStatus(await register.call('POST', '/profile', body), 422, 'session.sso_enabled');

    // An account signing in by username gets no e-mail of the domain either.
    expectStatus(await t.api('POST', '/users', { username, password }), 200);
    await events.take();
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    const verified = await call('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password,
    });
    expectStatus(await call('POST', '/identification', expectStatus(verified, 200)), 204);
    const linked = await verifyByCode(t, call, { type: 'email', value: `linked.${newId(6)}@${domain}` });
    const refused = await call('POST', '/profile', { type: 'email', verificationId: linked });
    assert.deepEqual(expectStatus(refused, 422, 'session.sso_enabled').data, {
      ssoConnectors: [{ id: connector.id }],
    });
  });

  it('routes and identifies no one while the sign-in experience has SSO off', async () => {
    expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: false }), 200);
    try {
      const lookup = await fetch(`${t.baseUrl}/api/experience/sso-connectors?email=x@${domain}`);
      assert.deepEqual(await lookup.json(), { connectorIds: [] });
      const journey = await sso(person(`off.${newId(6)}@${domain}`), 'Register');
      expectStatus(journey.verify, 200);
      expectStatus(
        await journey.call('POST', '/identification', { verificationId: journey.verificationId }),
        422,
        'user.sign_in_method_not_enabled',
      );
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: true }), 200);
    }
  });

  it('manages the JIT binding and refuses unknown connectors', async () => {
    const bound = expectStatus(
      await t.api<Json[]>('GET', `/organizations/${organization.id}/jit/sso-connectors`),
      200,
    );
    assert.deepEqual(
      bound.map((c: Json) => c.id),
      [connector.id],
    );
    expectStatus(
      await t.api('POST', `/organizations/${organization.id}/jit/sso-connectors`, {
        ssoConnectorIds: ['nope'],
      }),
      422,
      'entity.relation_foreign_key_not_found',
    );
    const other = expectStatus(await t.api<Json>('POST', '/organizations', { name: 'Other' }), 201);
    expectStatus(
      await t.api('PUT', `/organizations/${other.id}/jit/sso-connectors`, {
        ssoConnectorIds: [connector.id],
      }),
      204,
    );
    expectStatus(await t.api('DELETE', `/organizations/${other.id}/jit/sso-connectors/${connector.id}`), 204);
    expectStatus(await t.api('DELETE', `/organizations/${other.id}/jit/sso-connectors/${connector.id}`), 404);
    const updated = expectStatus(
      await t.api<Json>('PATCH', `/sso-connectors/${connector.id}`, {
        config: connector.config,
        domains: [domain, 'b.example'],
      }),
      200,
    );
    assert.deepEqual(updated.domains, [domain, 'b.example']);
    assert.equal(updated.config.clientSecret, '******');
    // The masked secret sent back kept the stored one: the provider still accepts the client.
    const after = await sso(person(`after.${newId(6)}@${domain}`), 'Register');
    expectStatus(after.verify, 200);
  });
});
