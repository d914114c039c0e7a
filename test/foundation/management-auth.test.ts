import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { MANAGEMENT_ROLE_ID } from '../../src/management/seed.js';
import { loadSigningKeys } from '../../src/oidc/signing-keys.js';
import { ManualClock } from '../../src/storage/clock.js';
import { clientCredentials, json } from '../support/http.js';
import { BOOTSTRAP_CLIENT, startTestService } from '../support/service.js';

describe('management API authorisation', async () => {
  const clock = new ManualClock();
  const t = await startTestService({ clock });

  it('serves discovery and a JWKS of ES256 keys', async () => {
    const discovery = await json(await fetch(`${t.baseUrl}/oidc/.well-known/openid-configuration`));
    assert.equal(discovery.issuer, `${t.baseUrl}/oidc`);
    const jwks = await json(await fetch(`${t.baseUrl}/oidc/jwks`));
    assert.ok(jwks.keys.length >= 1);
    assert.equal(jwks.keys[0].alg, 'ES256');
    assert.equal(jwks.keys[0].d, undefined, 'no private member is published');
  });

  it('gives the bootstrap client a management token through a real OIDC client', async () => {
    const configuration = await oidc.discovery(
      new URL(`${t.baseUrl}/oidc`),
      BOOTSTRAP_CLIENT.id,
      BOOTSTRAP_CLIENT.secret,
      oidc.ClientSecretBasic(BOOTSTRAP_CLIENT.secret),
      { execute: [oidc.allowInsecureRequests] },
    );
    const tokens = await oidc.clientCredentialsGrant(configuration, {
      resource: t.config.managementApiIndicator,
      scope: 'all',
    });
    assert.equal(tokens.scope, 'all');
    const response = await fetch(`${t.baseUrl}/api/status`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(response.status, 204);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${t.baseUrl}/api/applications`);
    assert.equal(response.status, 401);
    assert.equal((await json(response)).code, 'auth.authorization_header_missing');
  });

  it('answers 401 for a token with a bad signature', async () => {
    const token = await t.managementToken();
    const [header, payload, signature] = token.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    const response = await fetch(`${t.baseUrl}/api/applications`, {
      headers: { authorization: `Bearer ${header}.${payload}.${flipped}` },
    });
    assert.equal(response.status, 401);
    assert.equal((await json(response)).code, 'auth.unauthorized');
  });

  it('answers 401 for a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ scope: 'all', client_id: BOOTSTRAP_CLIENT.id })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(t.config.issuer)
      .setAudience(t.config.managementApiIndicator)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await fetch(`${t.baseUrl}/api/applications`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    assert.equal(response.status, 401);
  });

  it('answers 401 for an expired token', async () => {
    const [key] = await loadSigningKeys(t.service.storage.db);
    const privateKey = await importJWK(key!.privateJwk, 'ES256');
    const expired = await new SignJWT({ scope: 'all', client_id: BOOTSTRAP_CLIENT.id })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key!.kid })
      .setIssuer(t.config.issuer)
      .setAudience(t.config.managementApiIndicator)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(privateKey);
    const response = await fetch(`${t.baseUrl}/api/applications`, {
      headers: { authorization: `Bearer ${expired}` },
    });
    assert.equal(response.status, 401);
    assert.match((await json(response)).message, /expired/);
  });

  it('refuses a token once it expires, though it was accepted before', async () => {
    const [key] = await loadSigningKeys(t.service.storage.db);
    const privateKey = await importJWK(key!.privateJwk, 'ES256');
    const expiresAt = Math.floor(clock.now() / 1000) + 2;
    const shortLived = await new SignJWT({ scope: 'all', client_id: BOOTSTRAP_CLIENT.id })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key!.kid })
      .setSubject(BOOTSTRAP_CLIENT.id)
      .setIssuer(t.config.issuer)
      .setAudience(t.config.managementApiIndicator)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
    const call = () =>
      fetch(`${t.baseUrl}/api/applications`, { headers: { authorization: `Bearer ${shortLived}` } });
    assert.equal((await call()).status, 200);
    assert.equal((await call()).status, 200);
    clock.advance(expiresAt * 1000 - clock.now() + 50);
    const response = await call();
    assert.equal(response.status, 401);
    assert.match((await json(response)).message, /expired/);
  });

  it('answers 401 for a token of another resource', async () => {
    const db = t.service.storage.db;
    await db
      .insertInto('resources')
      .values({ id: 'other', name: 'Other', indicator: 'https://other.example/api', access_token_ttl: 60 })
      .execute();
    await db
      .insertInto('scopes')
      .values({ id: 'other-all', resource_id: 'other', name: 'all', description: null })
      .execute();
    await db
      .insertInto('roles_scopes')
      .values({ role_id: MANAGEMENT_ROLE_ID, scope_id: 'other-all' })
      .execute();
    const response = await clientCredentials(t.baseUrl, BOOTSTRAP_CLIENT, {
      resource: 'https://other.example/api',
      scope: 'all',
    });
    const other = (await response.json()) as { access_token: string; scope: string };
    assert.equal(response.status, 200);
    assert.equal(other.scope, 'all');
    const wrongAudience = await fetch(`${t.baseUrl}/api/applications`, {
      headers: { authorization: `Bearer ${other.access_token}` },
    });
    assert.equal(wrongAudience.status, 401);
  });

  it('answers 403 for a management token without the all scope', async () => {
    const response = await clientCredentials(t.baseUrl, BOOTSTRAP_CLIENT, {
      resource: t.config.managementApiIndicator,
    });
    const { access_token } = (await response.json()) as { access_token: string };
    const forbidden = await fetch(`${t.baseUrl}/api/applications`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    assert.equal(forbidden.status, 403);
    assert.equal((await json(forbidden)).code, 'auth.forbidden');
  });
});
