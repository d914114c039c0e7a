import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listSignInSocialConnectors } from '../../src/connectors/public-connectors.js';
import { newId } from '../../src/storage/ids.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { expectStatus, latestCode } from '../experience/journeys.js';
import { userDataPayload, userFlowPayload } from '../experience/payloads.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { startUpstreamIdp, type Tamper } from '../support/upstream-idp.js';
import { federatedVerification, finishSignIn } from './federation.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('social sign-in through an upstream OpenID Provider', async () => {
  const t = await startTestService();
  const app = await createApplication(t, 'Traditional');
  const redirectUri = `${t.baseUrl}/callback/upstream`;
  const idp = await startUpstreamIdp([redirectUri]);
  const events = await tapAllEvents(t);
  const connector = expectStatus(
    await t.api<Json>('POST', '/connectors', {
      connectorId: 'oidc',
      config: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        scope: 'openid profile email',
      },
      metadata: { target: 'upstream', name: { en: 'Upstream' } },
    }),
    200,
  );
  assert.equal(connector.config.clientSecret, '******');
  assert.equal(connector.target, 'upstream');

  const person = (email?: string) => {
    const sub = `up-${newId(8)}`;
    idp.accounts.set(sub, { sub, name: 'Ada Upstream', ...(email ? { email, email_verified: true } : {}) });
    return sub;
  };
  const social = (sub: string, event: string) =>
    federatedVerification(t, app, idp, {
      kind: 'social',
      connectorId: connector.id,
      sub,
      event,
      redirectUri,
    });

  it('registers on the first sign-in and signs in on the second', async () => {
    const email = `social.${newId(6)}@example.com`;
    const sub = person(email);

    const first = await social(sub, 'SignIn');
    expectStatus(first.verify, 200);
    const { verificationId } = first;
    expectStatus(
      await first.call('POST', '/identification', { verificationId }),
      422,
      'user.identity_not_exist',
    );
    expectStatus(await first.call('PUT', '/interaction-event', { interactionEvent: 'Register' }), 204);
    const { userId, tokens } = await finishSignIn(first.call, first.authorization, { verificationId });
    assert.deepEqual(tokens.claims()?.amr, ['fed'], 'the upstream provider authenticated, not a password');

    const registered = await events.take();
    assert.deepEqual(names(registered), ['PostRegister', 'User.Created']);
    const created = userDataPayload.parse(only(registered, 'User.Created'));
    assert.equal(created.data.primaryEmail, email);
    assert.equal(created.data.name, 'Ada Upstream');
    assert.equal(created.interactionEvent, 'Register');
    const user = expectStatus(await t.api<Json>('GET', `/users/${userId}`), 200);
    assert.equal(user.identities.upstream.userId, sub);
    assert.equal(user.identities.upstream.details.email, email);

    const second = await social(sub, 'SignIn');
    expectStatus(second.verify, 200);
    const again = await finishSignIn(second.call, second.authorization, {
      verificationId: second.verificationId,
    });
    assert.equal(again.userId, userId);
    assert.deepEqual(again.tokens.claims()?.amr, ['fed']);
    const signedIn = await events.take();
    assert.deepEqual(names(signedIn), ['PostSignIn']);
    assert.equal(userFlowPayload.parse(signedIn[0]).userId, userId);

    // The user unlinks it through the Account API with the access token of that sign-in and a
    // fresh proof of identity: this user has no password, so a code verified for their e-mail.
    const account = async (method: string, path: string, body?: unknown, proof?: string) => {
      const response = await fetch(`${t.baseUrl}/api/my-account${path}`, {
        method,
        headers: {
          authorization: `Bearer ${again.tokens.access_token}`,
          ...(proof ? { 'logto-verification-id': proof } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
    };
    const unlink = (proof?: string) => account('DELETE', '/identities/upstream', undefined, proof);
    expectStatus(await unlink(), 401, 'verification_record.permission_denied');
    const identifier = { type: 'email', value: email };
    const sent = expectStatus(await account('POST', '/verification-code', { identifier }), 200);
    const code = await latestCode(t, email);
    const verify = { identifier, verificationId: sent.verificationId, code };
    expectStatus(await account('POST', '/verification-code/verify', verify), 200);
    expectStatus(await unlink(sent.verificationId), 204);
    const unlinked = await events.take();
    assert.deepEqual(names(unlinked), ['User.Data.Updated']);
    assert.deepEqual(userDataPayload.parse(unlinked[0]).data.id, userId);
    expectStatus(await unlink(sent.verificationId), 404, 'user.identity_not_exist');
    const after = expectStatus(await t.api<Json>('GET', `/users/${userId}`), 200);
    assert.deepEqual(after.identities, {});
  });

  it('links to the account of the verified e-mail once the person confirms (User.Data.Updated)', async () => {
    const email = `existing.${newId(6)}@example.com`;
    const existing = expectStatus(await t.api<Json>('POST', '/users', { primaryEmail: email }), 200);
    await events.take();
    const sub = person(email);

    const journey = await social(sub, 'SignIn');
    expectStatus(journey.verify, 200);
    const { verificationId } = journey;
    const refused = expectStatus(
      await journey.call('POST', '/identification', { verificationId }),
      422,
      'user.identity_not_exist',
    );
    assert.equal(refused.data.relatedUser.type, 'email');
    assert.equal(refused.data.relatedUser.value, `e***@example.com`);
    const { userId, tokens } = await finishSignIn(journey.call, journey.authorization, {
      verificationId,
      linkSocialIdentity: true,
    });
    assert.equal(userId, existing.id);
    assert.deepEqual(tokens.claims()?.amr, ['fed']);

    const fired = await events.take();
    assert.deepEqual(names(fired), ['PostSignIn', 'User.Data.Updated']);
    const updated = userDataPayload.parse(only(fired, 'User.Data.Updated'));
    assert.equal(updated.data.id, existing.id);
    assert.equal(updated.interactionEvent, 'SignIn');
    assert.equal(updated.applicationId, app.id);
    const user = expectStatus(await t.api<Json>('GET', `/users/${existing.id}`), 200);
    assert.equal(user.identities.upstream.userId, sub);

    // Unlinking through the management API fires the same event, with the management context.
    const remaining = expectStatus(
      await t.api<Json>('DELETE', `/users/${existing.id}/identities/upstream`),
      200,
    );
    assert.deepEqual(remaining, {});
    const unlinked = await events.take();
    assert.deepEqual(names(unlinked), ['User.Data.Updated']);
    assert.equal(unlinked[0].path, `/users/${existing.id}/identities/upstream`);
    expectStatus(
      await t.api('DELETE', `/users/${existing.id}/identities/upstream`),
      404,
      'user.identity_not_exist',
    );

    // And management can link one directly.
    const linked = expectStatus(
      await t.api<Json>('PUT', `/users/${existing.id}/identities/upstream`, { socialUserId: sub }),
      200,
    );
    assert.equal(linked.upstream.userId, sub);
    assert.deepEqual(names(await events.take()), ['User.Data.Updated']);
  });

  it('never links an unverified e-mail', async () => {
    const email = `unverified.${newId(6)}@example.com`;
    expectStatus(await t.api('POST', '/users', { primaryEmail: email }), 200);
    await events.take();
    const sub = `up-${newId(8)}`;
    idp.accounts.set(sub, { sub, email, email_verified: false });
    const journey = await social(sub, 'SignIn');
    expectStatus(journey.verify, 200);
    const refused = expectStatus(
      await journey.call('POST', '/identification', {
        verificationId: journey.verificationId,
        linkSocialIdentity: true,
      }),
      422,
      'user.identity_not_exist',
    );
    assert.equal(refused.data, undefined);
  });

  it('refuses an e-mail of an SSO-only domain asserted by a social provider (session.sso_enabled, #24 finding 7)', async () => {
    const domain = `corp-${newId(6)}.example`;
    const sso = expectStatus(
      await t.api<Json>('POST', '/sso-connectors', {
        providerName: 'OIDC',
        connectorName: `Corp ${newId(4)}`,
        config: { issuer: idp.issuer, clientId: `corp-${newId(6)}`, clientSecret: newId(24) },
        domains: [domain],
      }),
      200,
    );
    const email = `ada.${newId(6)}@${domain}`;
    const existing = expectStatus(await t.api<Json>('POST', '/users', { primaryEmail: email }), 200);
    // Before the domain is SSO-only, the person links a social identity asserting the e-mail.
    const linkedSub = person(email);
    const linking = await social(linkedSub, 'SignIn');
    expectStatus(linking.verify, 200);
    const linked = await finishSignIn(linking.call, linking.authorization, {
      verificationId: linking.verificationId,
      linkSocialIdentity: true,
    });
    assert.equal(linked.userId, existing.id);
    await events.take();

    const refusedFor = async (sub: string, event: string, body: object = {}) => {
      const journey = await social(sub, event);
      expectStatus(journey.verify, 200);
      const verificationId = journey.verificationId;
      const answer = await journey.call('POST', '/identification', { verificationId, ...body });
      const refused = expectStatus(answer, 422, 'session.sso_enabled');
      assert.deepEqual(refused.data, { ssoConnectors: [{ id: sso.id }] });
    };
    expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: true }), 200);
    try {
      // The identity linked before: de-provisioned at the enterprise's IdP, it must not still get in.
      await refusedFor(linkedSub, 'SignIn');
      // Another provider account asserting the e-mail, offering to link it.
      await refusedFor(person(email), 'SignIn', { linkSocialIdentity: true });
      // A new account with an e-mail of the domain, registered through the social provider.
      await refusedFor(person(`new.${newId(6)}@${domain.toUpperCase()}`), 'Register');
    } finally {
      expectStatus(await t.api('PATCH', '/sign-in-exp', { singleSignOnEnabled: false }), 200);
    }
    assert.deepEqual(names(await events.take()), [], 'no sign-in, no link, no registration');
    const user = expectStatus(await t.api<Json>('GET', `/users/${existing.id}`), 200);
    assert.deepEqual(Object.keys(user.identities), ['upstream']);
  });

  for (const mode of ['bad-signature', 'wrong-audience', 'wrong-nonce', 'expired'] as Tamper[]) {
    it(`refuses an ID token with ${mode}`, async () => {
      const sub = person(`tampered.${newId(6)}@example.com`);
      idp.tamper(mode);
      try {
        const journey = await social(sub, 'SignIn');
        expectStatus(journey.verify, 400, 'connector.social_id_token_invalid');
        expectStatus(
          await journey.call('POST', '/identification', { verificationId: journey.verificationId }),
          400,
          'session.verification_failed',
        );
      } finally {
        idp.tamper(undefined);
      }
    });
  }

  it('refuses a callback whose state is not the one sent, and a second use of a verification', async () => {
    const sub = person();
    const forged = await federatedVerification(t, app, idp, {
      kind: 'social',
      connectorId: connector.id,
      sub,
      event: 'SignIn',
      redirectUri,
      alter: (data) => ({ ...data, state: 'forged-state-value' }),
    });
    expectStatus(forged.verify, 400, 'connector.authorization_failed');

    const journey = await social(sub, 'SignIn');
    expectStatus(journey.verify, 200);
    const replay = await journey.call('POST', `/verification/social/${connector.id}/verify`, {
      verificationId: journey.verificationId,
      connectorData: { code: 'x', state: 'y' },
    });
    expectStatus(replay, 404, 'session.verification_session_not_found');
  });

  it('registers through a plain OAuth 2.0 connector with a profile mapping', async () => {
    const oauth = expectStatus(
      await t.api<Json>('POST', '/connectors', {
        connectorId: 'oauth2',
        config: {
          authorizationEndpoint: `${idp.issuer}/auth`,
          tokenEndpoint: `${idp.issuer}/token`,
          userInfoEndpoint: idp.profileUrl,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          scope: 'profile',
          profileMap: { id: 'id', email: 'mail', name: 'display_name', avatar: 'avatar' },
        },
        metadata: { target: 'upstream-oauth' },
      }),
      200,
    );
    const sub = person(`oauth.${newId(6)}@example.com`);
    const journey = await federatedVerification(t, app, idp, {
      kind: 'social',
      connectorId: oauth.id,
      sub,
      event: 'Register',
      redirectUri,
    });
    expectStatus(journey.verify, 200);
    const { userId } = await finishSignIn(journey.call, journey.authorization, {
      verificationId: journey.verificationId,
    });
    const user = expectStatus(await t.api<Json>('GET', `/users/${userId}`), 200);
    assert.equal(user.identities['upstream-oauth'].userId, sub);
    assert.equal(user.name, 'Ada Upstream');
    // The mapping names no verification flag: the e-mail is not taken as the account's.
    assert.equal(user.primaryEmail, null);
    assert.deepEqual(names(await events.take()), ['PostRegister', 'User.Created']);
  });

  it('refuses a second social connector for a taken target', async () => {
    expectStatus(
      await t.api('POST', '/connectors', {
        connectorId: 'oidc',
        config: { issuer: idp.issuer, clientId: 'x' },
        metadata: { target: 'upstream' },
      }),
      422,
      'connector.multiple_target_with_same_platform',
    );
    // What a sign-in page lists: the social connectors, without their configs.
    const listed = await listSignInSocialConnectors(t.service.storage.db);
    const upstream = listed.find((c) => c.target === 'upstream');
    assert.deepEqual(upstream, {
      id: connector.id,
      target: 'upstream',
      name: { en: 'Upstream' },
      logo: '',
      logoDark: null,
      platform: 'Universal',
    });
  });
});
