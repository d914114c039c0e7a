import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { json } from '../support/http.js';
import { BOOTSTRAP_CLIENT, startTestService } from '../support/service.js';

/** Discovery advertises exactly the client authentication methods the token endpoint honours. */
describe('client authentication methods', async () => {
  const t = await startTestService();
  const discover = (auth: oidc.ClientAuth) =>
    oidc.discovery(new URL(t.config.issuer), BOOTSTRAP_CLIENT.id, BOOTSTRAP_CLIENT.secret, auth, {
      execute: [oidc.allowInsecureRequests],
    });
  const management = { resource: t.config.managementApiIndicator, scope: 'all' };

  it('advertises no JWT client assertions', async () => {
    const discovery = await json(await fetch(`${t.config.issuer}/.well-known/openid-configuration`));
    const methods = discovery.token_endpoint_auth_methods_supported as string[];
    assert.ok(!methods.includes('client_secret_jwt'), methods.join());
    assert.ok(!methods.includes('private_key_jwt'), methods.join());
  });

  it('honours every advertised secret method through openid-client', async () => {
    const discovery = await json(await fetch(`${t.config.issuer}/.well-known/openid-configuration`));
    const methods = discovery.token_endpoint_auth_methods_supported as string[];
    const byName: Record<string, oidc.ClientAuth> = {
      client_secret_basic: oidc.ClientSecretBasic(BOOTSTRAP_CLIENT.secret),
      client_secret_post: oidc.ClientSecretPost(BOOTSTRAP_CLIENT.secret),
    };
    for (const method of methods.filter((name) => name in byName)) {
      const tokens = await oidc.clientCredentialsGrant(await discover(byName[method]!), management);
      assert.equal(tokens.scope, 'all', method);
    }
  });

  it('refuses a client_secret_jwt assertion with invalid_client', async () => {
    const configuration = await discover(oidc.ClientSecretJwt(BOOTSTRAP_CLIENT.secret));
    await assert.rejects(oidc.clientCredentialsGrant(configuration, management), (error: unknown) => {
      assert.equal((error as { error?: string }).error, 'invalid_client');
      return true;
    });
  });
});
