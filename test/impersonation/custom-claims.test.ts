import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { after, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { startTestService, type TestService } from '../support/service.js';
import {
  ACCESS_TOKEN_TYPE,
  createApplication,
  createResource,
  createUser,
  exchange,
  issueSubjectToken,
  mintAccessToken,
} from './fixtures.js';

/** A local endpoint a script may fetch from (127.0.0.1 is allowlisted, `localhost` is not). */
async function startReceiver() {
  const seen: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    seen.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ plan: 'gold' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, seen };
}

describe('custom JWT claims', async () => {
  const receiver = await startReceiver();
  const t = await startTestService({
    env: { TESSERA_SANDBOX_TIMEOUT_MS: '1000', TESSERA_SANDBOX_FETCH_ALLOWLIST: '127.0.0.1' },
  });
  const resource = await createResource(t, ['read']);
  const userId = await createUser(t, [resource.scopeIds.read!]);
  const app = await createApplication(t, 'Traditional');

  const putScript = async (script: string, extra: Record<string, unknown> = {}) => {
    const response = await t.api('PUT', '/configs/jwt-customizer/access-token', { script, ...extra });
    assert.ok(response.status === 200 || response.status === 201, JSON.stringify(response.body));
  };
  const exchangeFor = async (context: Record<string, unknown> = {}, extra: Record<string, string> = {}) =>
    exchange(t.baseUrl, app, {
      subject_token: await issueSubjectToken(t, userId, context),
      resource: resource.indicator,
      scope: 'read',
      ...extra,
    });
  const testScript = (script: string, service: TestService = t) =>
    service.api<Record<string, unknown> & { code?: string; message?: string; data?: { reason: string } }>(
      'POST',
      '/configs/jwt-customizer/test',
      { tokenType: 'access-token', script, token: { sub: 'u1' }, context: {} },
    );
  const statusAnswers = async () => {
    const response = await fetch(`${t.baseUrl}/api/status`);
    assert.equal(response.status, 204);
  };

  it('manages the scripts through the configuration routes', async () => {
    assert.deepEqual((await t.api('GET', '/configs/jwt-customizer')).body, []);
    assert.equal((await t.api('GET', '/configs/jwt-customizer/access-token')).status, 404);
    assert.equal((await t.api('PATCH', '/configs/jwt-customizer/access-token', { script: 'x' })).status, 404);
    assert.equal((await t.api('PUT', '/configs/jwt-customizer/access-token', {})).status, 400);
    assert.equal((await t.api('PUT', '/configs/jwt-customizer/id-token', { script: 'x' })).status, 400);

    const value = { script: 'const getCustomJwtClaims = () => ({})', environmentVariables: { A: '1' } };
    const created = await t.api('PUT', '/configs/jwt-customizer/client-credentials', value);
    assert.equal(created.status, 201);
    assert.deepEqual(created.body, value);
    assert.equal((await t.api('PUT', '/configs/jwt-customizer/client-credentials', value)).status, 200);
    const patched = await t.api('PATCH', '/configs/jwt-customizer/client-credentials', {
      blockIssuanceOnError: true,
    });
    assert.deepEqual(patched.body, { ...value, blockIssuanceOnError: true });
    assert.deepEqual((await t.api('GET', '/configs/jwt-customizer/client-credentials')).body, patched.body);
    assert.deepEqual((await t.api('GET', '/configs/jwt-customizer')).body, [
      { key: 'jwt.clientCredentials', value: patched.body },
    ]);
    assert.equal((await t.api('DELETE', '/configs/jwt-customizer/client-credentials')).status, 204);
    assert.equal((await t.api('DELETE', '/configs/jwt-customizer/client-credentials')).status, 404);
  });

  it('hands the subject-token context, user and application to the script; standard claims win', async () => {
    await putScript(
      `const getCustomJwtClaims = async ({ token, context, environmentVariables }) => ({
        ticketId: context.grant.subjectTokenContext.ticketId,
        grantType: context.grant.type,
        roleScopes: context.user.roles.flatMap((role) => role.scopes.map((scope) => scope.name)),
        roles: context.user.roles,
        organizationRoles: context.user.organizations,
        flags: [context.user.hasPassword, context.user.isSuspended, typeof context.user.createdAt],
        userKeys: Object.keys(context.user).sort().join(','),
        organizations: context.user.organizations.map((o) => o.name),
        appName: context.application.name,
        appHasSecret: 'secret' in context.application,
        tenant: environmentVariables.TENANT,
        seenSub: token.sub,
        seenAct: token.act,
        sub: 'forged', aud: 'elsewhere', scope: 'everything', act: { sub: 'forged' }, client_id: 'x', exp: 1,
      })`,
      { environmentVariables: { TENANT: 'acme' } },
    );
    const actorId = await createUser(t);
    const actorToken = await mintAccessToken(t, { sub: actorId, client_id: app.id, scope: 'openid' });
    const organization = await t.api<{ id: string }>('POST', '/organizations', { name: 'Acme support' });
    assert.equal(
      (await t.api('POST', `/organizations/${organization.body.id}/users`, { userIds: [userId] })).status,
      201,
    );
    const second = await t.api<{ id: string }>('POST', '/organizations', { name: 'Acme billing' });
    assert.equal(
      (await t.api('POST', `/organizations/${second.body.id}/users`, { userIds: [userId] })).status,
      201,
    );
    const orgRole = await t.api<{ id: string }>('POST', '/organization-roles', { name: 'agent' });
    assert.equal(orgRole.status, 201, JSON.stringify(orgRole.body));
    const assigned = await t.api('POST', `/organizations/${organization.body.id}/users/${userId}/roles`, {
      organizationRoleIds: [orgRole.body.id],
    });
    assert.equal(assigned.status, 201, JSON.stringify(assigned.body));
    const userRoles = await t.api<Array<{ id: string; name: string }>>('GET', `/users/${userId}/roles`);
    const response = await exchangeFor(
      { ticketId: 'T-42' },
      { actor_token: actorToken, actor_token_type: ACCESS_TOKEN_TYPE },
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const claims = decodeJwt(response.body.access_token as string);
    assert.equal(claims.ticketId, 'T-42');
    assert.equal(claims.grantType, 'urn:ietf:params:oauth:grant-type:token-exchange');
    assert.deepEqual(claims.roleScopes, ['read']);
    assert.deepEqual(claims.organizations, ['Acme billing', 'Acme support']);
    const [role] = userRoles.body;
    assert.deepEqual(claims.roles, [
      {
        id: role!.id,
        name: role!.name,
        description: 'test role',
        scopes: [
          {
            id: resource.scopeIds.read,
            name: 'read',
            description: '',
            resourceId: resource.id,
            resource: { id: resource.id, name: 'API', indicator: resource.indicator },
          },
        ],
      },
    ]);
    assert.deepEqual(claims.organizationRoles, [
      { id: second.body.id, name: 'Acme billing', description: null, roles: [] },
      {
        id: organization.body.id,
        name: 'Acme support',
        description: null,
        roles: [{ id: orgRole.body.id, name: 'agent' }],
      },
    ]);
    assert.deepEqual(claims.flags, [false, false, 'number']);
    assert.ok(!String(claims.userKeys).includes('password'), String(claims.userKeys));
    assert.match(String(claims.appName), /Traditional/);
    assert.equal(claims.appHasSecret, false);
    assert.equal(claims.tenant, 'acme');
    assert.equal(claims.seenSub, userId);
    assert.deepEqual(claims.seenAct, { sub: actorId });
    assert.equal(claims.sub, userId);
    assert.equal(claims.aud, resource.indicator);
    assert.equal(claims.scope, 'read');
    assert.equal(claims.client_id, app.id);
    assert.deepEqual(claims.act, { sub: actorId });
    assert.ok(claims.exp! > Date.now() / 1000);
  });

  it('refuses issuance when the script calls api.denyAccess, even if it catches the throw', async () => {
    await putScript(`const getCustomJwtClaims = ({ context, api }) => {
      if (!context.grant.subjectTokenContext.ticketId) {
        try { api.denyAccess('a support ticket is required'); } catch {}
      }
      return { checked: true };
    }`);
    const denied = await exchangeFor({});
    assert.equal(denied.status, 400);
    assert.equal(denied.body.error, 'access_denied');
    assert.equal(denied.body.error_description, 'a support ticket is required');
    const allowed = await exchangeFor({ ticketId: 'T-1' });
    assert.equal(allowed.status, 200);
    assert.equal(decodeJwt(allowed.body.access_token as string).checked, true);
  });

  it('fails open on a throwing script, logs the error without secrets, and blocks when asked to', async () => {
    await putScript(
      `const getCustomJwtClaims = ({ environmentVariables }) => {
      throw new Error('upstream said no to ' + environmentVariables.API_KEY);
    }`,
      { environmentVariables: { API_KEY: 'key-0123456789' } },
    );
    const open = await exchangeFor();
    assert.equal(open.status, 200);
    const claims = decodeJwt(open.body.access_token as string);
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
    const logs = await t.api<Array<{ payload: { message: string; reason: string; blocked: boolean } }>>(
      'GET',
      '/logs?key=JwtCustomizer.ScriptError',
    );
    assert.equal(logs.body[0]!.payload.reason, 'script');
    assert.match(logs.body[0]!.payload.message, /upstream said no to \[redacted\]/);
    assert.equal(logs.body[0]!.payload.blocked, false);

    assert.equal(
      (await t.api('PATCH', '/configs/jwt-customizer/access-token', { blockIssuanceOnError: true })).status,
      200,
    );
    const blocked = await exchangeFor();
    assert.equal(blocked.status, 400);
    assert.equal(blocked.body.error, 'invalid_request');
  });

  it('stops a script that loops forever while the server keeps answering', async () => {
    await putScript('const getCustomJwtClaims = () => { while (true) {} }');
    const started = Date.now();
    let exchanged = false;
    const pending = exchangeFor().finally(() => (exchanged = true));
    // While the script spins on a worker thread, the event loop stays free: other requests are
    // answered before the exchange, which waits for the script's deadline.
    for (let i = 0; i < 3; i++) await statusAnswers();
    assert.equal(exchanged, false, 'the status calls were answered while the script ran');
    const response = await pending;
    assert.equal(response.status, 200, 'fails open');
    assert.ok(Date.now() - started >= 1000);
    const logs = await t.api<Array<{ payload: { reason: string } }>>(
      'GET',
      '/logs?key=JwtCustomizer.ScriptError',
    );
    assert.equal(logs.body[0]!.payload.reason, 'timeout');
    assert.equal((await t.api('DELETE', '/configs/jwt-customizer/access-token')).status, 204);
  });

  it('stops a script that awaits what never settles', async () => {
    const response = await testScript('const getCustomJwtClaims = () => new Promise(() => {})');
    assert.equal(response.status, 422);
    assert.equal(response.body.data?.reason, 'timeout');
  });

  it('stops a script that allocates without bound', async () => {
    // A service whose time limit no machine reaches first, so only the memory limit can stop it.
    const patient = await startTestService({ env: { TESSERA_SANDBOX_TIMEOUT_MS: '60000' } });
    const response = await testScript(
      `const getCustomJwtClaims = () => {
        const hoard = [];
        for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
      }`,
      patient,
    );
    assert.equal(response.status, 422);
    assert.equal(response.body.code, 'jwt_customizer.general');
    assert.equal(response.body.data?.reason, 'memory');
    // The sandbox still runs scripts afterwards.
    assert.deepEqual((await testScript('const getCustomJwtClaims = () => ({ ok: 1 })', patient)).body, {
      ok: 1,
    });
  });

  it('gives the script no process, modules, constructor escape or environment', async () => {
    const probes = await testScript(`const getCustomJwtClaims = () => ({
      process: typeof process, require: typeof require, Buffer: typeof Buffer,
      escaped: globalThis.constructor.constructor('return typeof process')(),
      fn: typeof Function('return this')().process,
    })`);
    assert.deepEqual(probes.body, {
      process: 'undefined',
      require: 'undefined',
      Buffer: 'undefined',
      escaped: 'undefined',
      fn: 'undefined',
    });
    for (const body of [
      'process.exit(1)',
      "require('fs').readFileSync('/etc/passwd')",
      "globalThis.constructor.constructor('return process')().exit(1)",
      "await import('fs')",
      'this.constructor.constructor("return process.env")()',
    ]) {
      const response = await testScript(`const getCustomJwtClaims = async () => { ${body}; return {}; }`);
      assert.equal(response.status, 422, `${body}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.code, 'jwt_customizer.general');
    }
    assert.equal((await fetch(`${t.baseUrl}/api/status`)).status, 204);
  });

  it('gives every run fresh globals: what one script changes, the next cannot see', async () => {
    const writer = await testScript(`globalThis.leaked = 'secret';
      var declared = 1;
      Array.prototype.first = function () { return this[0]; };
      Object.prototype.polluted = true;
      JSON.parse = () => ({ forged: true });
      const getCustomJwtClaims = () => ({ wrote: true })`);
    assert.deepEqual(writer.body, { wrote: true });
    // Sequential runs go to the same worker; a few of them cover its reuse.
    for (let i = 0; i < 3; i++) {
      const reader = await testScript(`const getCustomJwtClaims = () => ({
        leaked: typeof leaked, declared: typeof declared, first: typeof [].first,
        polluted: 'polluted' in {}, parsed: JSON.parse('{"a":1}').a,
      })`);
      assert.deepEqual(reader.body, {
        leaked: 'undefined',
        declared: 'undefined',
        first: 'undefined',
        polluted: false,
        parsed: 1,
      });
    }
  });

  it('keeps nothing between runs of one script, and runs scripts that a frozen realm would change', async () => {
    // Workers keep a frozen realm across runs; a script's top level still runs anew for each.
    const counter = `let count = 0; var calls = 0;
      const getCustomJwtClaims = () => ({ count: ++count, calls: ++calls })`;
    for (let i = 0; i < 3; i++) assert.deepEqual((await testScript(counter)).body, { count: 1, calls: 1 });
    // Prototypes no global names, written to; the next script must not see it.
    const writer = await testScript(`
      Object.getPrototypeOf([][Symbol.iterator]()).leak = 'secret';
      Object.getPrototypeOf(async () => {}).leak = 'secret';
      Function.prototype.leak = 'secret';
      const getCustomJwtClaims = () => ({ wrote: true })`);
    assert.deepEqual(writer.body, { wrote: true });
    const reader = `const getCustomJwtClaims = () => ({
      iterator: typeof [][Symbol.iterator]().leak, async: typeof (async () => {}).leak,
      fn: typeof (() => {}).leak,
    })`;
    for (let i = 0; i < 3; i++) {
      assert.deepEqual((await testScript(reader)).body, {
        iterator: 'undefined',
        async: 'undefined',
        fn: 'undefined',
      });
    }
    // Sloppy-mode habits and an error subclass that names itself (an assignment a frozen
    // Error.prototype refuses) give the same claims as ever.
    const habits = await testScript(`
      class TicketError extends Error { constructor(m) { super(m); this.name = 'TicketError'; } }
      function getCustomJwtClaims() {
        total = 2;
        return { name: new TicketError('x').name, total };
      }`);
    assert.deepEqual(habits.body, { name: 'TicketError', total: 2 });
  });

  it('lets a script fetch only from allowlisted hosts', async () => {
    const allowed = await testScript(`const getCustomJwtClaims = async () => {
      const response = await fetch('http://127.0.0.1:${receiver.port}/plan');
      return { plan: (await response.json()).plan, status: response.status };
    }`);
    assert.deepEqual(allowed.body, { plan: 'gold', status: 200 });
    // fetch is built when first read; a script may still replace it like any global.
    const replaced = await testScript(`fetch = async () => ({ json: async () => ({ plan: 'own' }) });
      const getCustomJwtClaims = async () => ({ plan: (await (await fetch('x')).json()).plan })`);
    assert.deepEqual(replaced.body, { plan: 'own' });
    const refused = await testScript(`const getCustomJwtClaims = async () => {
      await fetch('http://localhost:${receiver.port}/steal');
      return {};
    }`);
    assert.equal(refused.status, 422);
    assert.match(String(refused.body.message), /not allowed/);
    assert.deepEqual(receiver.seen, ['/plan']);
  });

  it("sends a script's fetch through the SSRF guard: an allowlisted name on a loopback address is refused", async () => {
    const guarded = await startTestService({
      env: {
        TESSERA_SANDBOX_FETCH_ALLOWLIST: `localhost:${receiver.port}`,
        TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false',
      },
    });
    try {
      const refused = await testScript(
        `const getCustomJwtClaims = async () => {
          await fetch('http://localhost:${receiver.port}/internal');
          return {};
        }`,
        guarded,
      );
      assert.equal(refused.status, 422);
      assert.match(String(refused.body.message), /not allowed|private|loopback|refused/i);
      assert.ok(!receiver.seen.includes('/internal'));
    } finally {
      await guarded.stop();
    }
  });

  it('runs the client-credentials script for machine tokens, but never for the management API', async () => {
    assert.equal(
      (
        await t.api('PUT', '/configs/jwt-customizer/client-credentials', {
          script: `const getCustomJwtClaims = ({ token, context }) => ({ machine: context.application.type, who: token.sub })`,
        })
      ).status,
      201,
    );
    const machine = await createApplication(t, 'MachineToMachine', { allowTokenExchange: false });
    const role = await t.api<{ id: string }>('POST', '/roles', {
      name: 'machine reader',
      description: 'reads',
      type: 'MachineToMachine',
      scopeIds: [resource.scopeIds.read!],
    });
    assert.equal(
      (await t.api('POST', `/applications/${machine.id}/roles`, { roleIds: [role.body.id] })).status,
      201,
    );
    const token = async (indicator: string, scope: string) => {
      const response = await fetch(`${t.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${machine.id}:${machine.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource: indicator, scope }),
      });
      const body = (await response.json()) as { access_token: string };
      assert.equal(response.status, 200, JSON.stringify(body));
      return decodeJwt(body.access_token);
    };
    const claims = await token(resource.indicator, 'read');
    assert.equal(claims.machine, 'MachineToMachine');
    assert.equal(claims.who, machine.id);
    const management = decodeJwt(await t.managementToken());
    assert.equal(management.machine, undefined);
  });
});
