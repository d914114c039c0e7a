import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dataMutationEvents, type DataMutationEvent } from '../../src/webhooks/event-names.js';
import { assertManagementDelivery } from '../support/payload-shapes.js';
import { BOOTSTRAP_CLIENT, startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** The specification's "Management interface triggers (route to event)", one entry per method. */
const triggerTable: Record<string, DataMutationEvent[]> = {
  'POST /users': ['User.Created'],
  'DELETE /users/:userId': ['User.Deleted'],
  'PATCH /users/:userId': ['User.Data.Updated'],
  'PATCH /users/:userId/custom-data': ['User.Data.Updated'],
  'PATCH /users/:userId/profile': ['User.Data.Updated'],
  'PATCH /users/:userId/password': ['User.Data.Updated'],
  'PATCH /users/:userId/is-suspended': ['User.SuspensionStatus.Updated'],
  'POST /roles': ['Role.Created', 'Role.Scopes.Updated'],
  'DELETE /roles/:id': ['Role.Deleted'],
  'PATCH /roles/:id': ['Role.Data.Updated'],
  'POST /roles/:id/scopes': ['Role.Scopes.Updated'],
  'DELETE /roles/:id/scopes/:scopeId': ['Role.Scopes.Updated'],
  'POST /resources/:resourceId/scopes': ['Scope.Created'],
  'DELETE /resources/:resourceId/scopes/:scopeId': ['Scope.Deleted'],
  'PATCH /resources/:resourceId/scopes/:scopeId': ['Scope.Data.Updated'],
  'POST /organizations': ['Organization.Created'],
  'DELETE /organizations/:id': ['Organization.Deleted'],
  'PATCH /organizations/:id': ['Organization.Data.Updated'],
  'PUT /organizations/:id/users': ['Organization.Membership.Updated'],
  'POST /organizations/:id/users': ['Organization.Membership.Updated'],
  'DELETE /organizations/:id/users/:userId': ['Organization.Membership.Updated'],
  'PUT /organizations/:id/applications': ['Organization.Membership.Updated'],
  'POST /organizations/:id/applications': ['Organization.Membership.Updated'],
  'DELETE /organizations/:id/applications/:applicationId': ['Organization.Membership.Updated'],
  'PUT /organization-invitations/:id/status': ['Organization.Membership.Updated'],
  'POST /organization-roles': ['OrganizationRole.Created', 'OrganizationRole.Scopes.Updated'],
  'DELETE /organization-roles/:id': ['OrganizationRole.Deleted'],
  'PATCH /organization-roles/:id': ['OrganizationRole.Data.Updated'],
  'POST /organization-scopes': ['OrganizationScope.Created'],
  'DELETE /organization-scopes/:id': ['OrganizationScope.Deleted'],
  'PATCH /organization-scopes/:id': ['OrganizationScope.Data.Updated'],
  'PUT /organization-roles/:id/scopes': ['OrganizationRole.Scopes.Updated'],
  'POST /organization-roles/:id/scopes': ['OrganizationRole.Scopes.Updated'],
  'DELETE /organization-roles/:id/scopes/:organizationScopeId': ['OrganizationRole.Scopes.Updated'],
};

interface Expected {
  event: DataMutationEvent;
  /** Event-specific checks, given the delivered body and the management call's response body. */
  check?: (payload: Body, response: Body) => void;
}

interface Row {
  /** Method and matched route exactly as the specification's table writes them. */
  route: string;
  label?: string;
  path: () => string;
  body?: () => unknown;
  /** Calls that fire nothing (fixtures the table does not list), run first. */
  setup?: () => Promise<void>;
  /** Records ids from the response for later rows. */
  keep?: (response: Body) => void;
  events: Expected[];
}

const USER_AGENT = 'trigger-table-test/1.0';
const PASSWORDS = ['Table-pass-123', 'Another-pass-456'];
const s: Record<string, string> = {};

const deltaOf = (payload: Body) =>
  Object.fromEntries(Object.entries(payload).filter(([key]) => /^(added|removed)/.test(key)));
const ids = (scopes: Body[]) => scopes.map((scope) => scope.id).sort();

/** Organization.Membership.Updated: data null, the organization, exactly these delta fields. */
const membership = (delta: () => Record<string, string[]>): Expected => ({
  event: 'Organization.Membership.Updated',
  check: (payload) => {
    assert.equal(payload.organizationId, s.org);
    assert.deepEqual(deltaOf(payload), delta());
  },
});
const deleted = (event: DataMutationEvent): Expected => ({ event });
const orgRoleScopes: Expected = {
  event: 'OrganizationRole.Scopes.Updated',
  check: (payload) => assert.equal('organizationRoleId' in payload, false),
};

/** The specification's `Organization` payload: the API's entity without the branding members. */
function specOrganization(org: Record<string, unknown>) {
  const { id, name, customData, createdAt, description } = org;
  return { id, name, customData, createdAt, ...(description == null ? {} : { description }) };
}

const rows: Row[] = [
  {
    route: 'POST /users',
    path: () => '/users',
    body: () => ({
      username: 'table_user',
      primaryEmail: 'table.user@example.com',
      primaryPhone: '16502534567',
      name: 'Table User',
      avatar: 'https://example.com/avatar.png',
      password: PASSWORDS[0],
      customData: { plan: 'free' },
      profile: { nickname: 'tab' },
    }),
    keep: (user) => (s.user = user.id),
    events: [
      {
        event: 'User.Created',
        check: ({ data }, user) => {
          assert.equal(data.id, user.id);
          assert.deepEqual(
            [data.username, data.primaryEmail, data.primaryPhone, data.name, data.avatar],
            [
              'table_user',
              'table.user@example.com',
              '16502534567',
              'Table User',
              'https://example.com/avatar.png',
            ],
          );
          assert.deepEqual(data.customData, { plan: 'free' });
          if ('createdAt' in data) assert.equal(data.createdAt, new Date(user.createdAt).toISOString());
          if ('isSuspended' in data) assert.equal(data.isSuspended, false);
        },
      },
    ],
  },
  {
    route: 'PATCH /users/:userId',
    path: () => `/users/${s.user}`,
    body: () => ({ name: 'Renamed User' }),
    events: [{ event: 'User.Data.Updated', check: ({ data }) => assert.equal(data.name, 'Renamed User') }],
  },
  {
    route: 'PATCH /users/:userId/custom-data',
    path: () => `/users/${s.user}/custom-data`,
    body: () => ({ customData: { tier: 'gold' } }),
    events: [
      {
        event: 'User.Data.Updated',
        check: ({ data }) => assert.deepEqual(data.customData, { plan: 'free', tier: 'gold' }),
      },
    ],
  },
  {
    route: 'PATCH /users/:userId/profile',
    path: () => `/users/${s.user}/profile`,
    body: () => ({ profile: { nickname: 'tabby' } }),
    events: [{ event: 'User.Data.Updated', check: ({ data }) => assert.equal(data.id, s.user) }],
  },
  {
    route: 'PATCH /users/:userId/password',
    path: () => `/users/${s.user}/password`,
    body: () => ({ password: PASSWORDS[1] }),
    events: [{ event: 'User.Data.Updated', check: ({ data }) => assert.equal(data.id, s.user) }],
  },
  {
    route: 'PATCH /users/:userId/is-suspended',
    path: () => `/users/${s.user}/is-suspended`,
    body: () => ({ isSuspended: true }),
    events: [
      {
        event: 'User.SuspensionStatus.Updated',
        check: ({ data }) => {
          assert.equal(data.id, s.user);
          assert.equal(data.isSuspended, true);
        },
      },
    ],
  },
  { route: 'DELETE /users/:userId', path: () => `/users/${s.user}`, events: [deleted('User.Deleted')] },
  {
    route: 'POST /resources/:resourceId/scopes',
    setup: async () => {
      s.resource = (
        await fixture('POST', '/resources', { name: 'Orders', indicator: 'https://orders.test' })
      ).id;
    },
    path: () => `/resources/${s.resource}/scopes`,
    body: () => ({ name: 'orders:read', description: 'Read orders' }),
    keep: (scope) => (s.read = scope.id),
    events: [{ event: 'Scope.Created', check: ({ data }, scope) => assert.deepEqual(data, scope) }],
  },
  {
    route: 'PATCH /resources/:resourceId/scopes/:scopeId',
    path: () => `/resources/${s.resource}/scopes/${s.read}`,
    body: () => ({ description: 'Read every order' }),
    events: [
      {
        event: 'Scope.Data.Updated',
        check: ({ data }, scope) => {
          assert.equal(data.description, 'Read every order');
          assert.deepEqual(data, scope);
        },
      },
    ],
  },
  {
    route: 'POST /resources/:resourceId/scopes',
    label: 'without description',
    path: () => `/resources/${s.resource}/scopes`,
    body: () => ({ name: 'orders:write' }),
    keep: (scope) => (s.write = scope.id),
    events: [{ event: 'Scope.Created', check: ({ data }) => assert.equal(data.description, '') }],
  },
  {
    route: 'POST /roles',
    label: 'without scopes',
    path: () => '/roles',
    body: () => ({ name: 'Table plain', description: 'no scopes' }),
    events: [{ event: 'Role.Created', check: ({ data }, role) => assert.deepEqual(data, role) }],
  },
  {
    route: 'POST /roles',
    label: 'with scopeIds',
    path: () => '/roles',
    body: () => ({ name: 'Table clerk', description: 'reads orders', scopeIds: [s.read] }),
    keep: (role) => (s.role = role.id),
    events: [
      { event: 'Role.Created', check: ({ data }, role) => assert.deepEqual(data, role) },
      {
        event: 'Role.Scopes.Updated',
        check: (payload, role) => {
          assert.equal(payload.roleId, role.id);
          assert.deepEqual(ids(payload.data), [s.read]);
        },
      },
    ],
  },
  {
    route: 'PATCH /roles/:id',
    path: () => `/roles/${s.role}`,
    body: () => ({ description: 'reads and writes orders' }),
    events: [{ event: 'Role.Data.Updated', check: ({ data }, role) => assert.deepEqual(data, role) }],
  },
  {
    route: 'POST /roles/:id/scopes',
    path: () => `/roles/${s.role}/scopes`,
    body: () => ({ scopeIds: [s.write] }),
    events: [
      {
        event: 'Role.Scopes.Updated',
        check: (payload) => {
          assert.equal('roleId' in payload, false);
          assert.deepEqual(ids(payload.data), [s.read, s.write].sort());
        },
      },
    ],
  },
  {
    route: 'DELETE /roles/:id/scopes/:scopeId',
    path: () => `/roles/${s.role}/scopes/${s.read}`,
    events: [
      {
        event: 'Role.Scopes.Updated',
        check: (payload) => {
          assert.equal('roleId' in payload, false);
          assert.deepEqual(ids(payload.data), [s.write]);
        },
      },
    ],
  },
  {
    route: 'DELETE /resources/:resourceId/scopes/:scopeId',
    label: 'a scope a role holds',
    path: () => `/resources/${s.resource}/scopes/${s.write}`,
    events: [deleted('Scope.Deleted')],
  },
  { route: 'DELETE /roles/:id', path: () => `/roles/${s.role}`, events: [deleted('Role.Deleted')] },
  {
    route: 'POST /organizations',
    path: () => '/organizations',
    body: () => ({ name: 'Table org', description: 'for the table', customData: { region: 'eu' } }),
    keep: (org) => (s.org = org.id),
    events: [
      {
        event: 'Organization.Created',
        check: ({ data }, org) => assert.deepEqual(data, specOrganization(org)),
      },
    ],
  },
  {
    route: 'PATCH /organizations/:id',
    path: () => `/organizations/${s.org}`,
    body: () => ({ name: 'Table org renamed', description: null }),
    events: [
      {
        event: 'Organization.Data.Updated',
        check: ({ data }, org) => {
          assert.equal(org.description, null);
          assert.deepEqual(data, specOrganization(org), 'a null description is omitted');
        },
      },
    ],
  },
  ...(['A', 'B'] as const).map((who): Row => ({
    route: 'POST /users',
    label: `member ${who}`,
    path: () => '/users',
    body: () => ({ username: `member_${who}` }),
    keep: (user) => (s[`member${who}`] = user.id),
    events: [{ event: 'User.Created', check: ({ data }, user) => assert.equal(data.id, user.id) }],
  })),
  {
    route: 'POST /organizations/:id/users',
    path: () => `/organizations/${s.org}/users`,
    body: () => ({ userIds: [s.memberA] }),
    events: [membership(() => ({ addedUserIds: [s.memberA!] }))],
  },
  {
    route: 'PUT /organizations/:id/users',
    path: () => `/organizations/${s.org}/users`,
    body: () => ({ userIds: [s.memberB] }),
    events: [membership(() => ({ addedUserIds: [s.memberB!], removedUserIds: [s.memberA!] }))],
  },
  {
    route: 'DELETE /organizations/:id/users/:userId',
    path: () => `/organizations/${s.org}/users/${s.memberB}`,
    events: [membership(() => ({ removedUserIds: [s.memberB!] }))],
  },
  {
    route: 'POST /organizations/:id/applications',
    setup: async () => {
      for (const name of ['app1', 'app2']) {
        const app = await fixture('POST', '/applications', { name, type: 'MachineToMachine' });
        s[name] = app.id;
        forbidden.push(app.secret);
      }
    },
    path: () => `/organizations/${s.org}/applications`,
    body: () => ({ applicationIds: [s.app1] }),
    events: [membership(() => ({ addedApplicationIds: [s.app1!] }))],
  },
  {
    route: 'PUT /organizations/:id/applications',
    path: () => `/organizations/${s.org}/applications`,
    body: () => ({ applicationIds: [s.app2] }),
    events: [membership(() => ({ addedApplicationIds: [s.app2!], removedApplicationIds: [s.app1!] }))],
  },
  {
    route: 'DELETE /organizations/:id/applications/:applicationId',
    path: () => `/organizations/${s.org}/applications/${s.app2}`,
    events: [membership(() => ({ removedApplicationIds: [s.app2!] }))],
  },
  {
    route: 'POST /users',
    label: 'the invitee',
    path: () => '/users',
    body: () => ({ username: 'invitee', primaryEmail: 'invitee@example.com' }),
    keep: (user) => (s.invitee = user.id),
    events: [{ event: 'User.Created', check: ({ data }, user) => assert.equal(data.id, user.id) }],
  },
  {
    route: 'PUT /organization-invitations/:id/status',
    label: 'Accepted; a revoked one fires nothing',
    setup: async () => {
      const expiresAt = Date.now() + 3_600_000;
      const invite = (invitee: string) =>
        fixture('POST', '/organization-invitations', { invitee, organizationId: s.org, expiresAt });
      const revoked = await invite('someone@example.com');
      await fixture('PUT', `/organization-invitations/${revoked.id}/status`, { status: 'Revoked' });
      s.invitation = (await invite('invitee@example.com')).id;
    },
    path: () => `/organization-invitations/${s.invitation}/status`,
    body: () => ({ status: 'Accepted', acceptedUserId: s.invitee }),
    events: [membership(() => ({ addedUserIds: [s.invitee!] }))],
  },
  {
    route: 'POST /organization-scopes',
    path: () => '/organization-scopes',
    body: () => ({ name: 'table:read', description: 'Read tables' }),
    keep: (scope) => (s.orgRead = scope.id),
    events: [
      { event: 'OrganizationScope.Created', check: ({ data }, scope) => assert.deepEqual(data, scope) },
    ],
  },
  {
    route: 'PATCH /organization-scopes/:id',
    path: () => `/organization-scopes/${s.orgRead}`,
    body: () => ({ description: 'Read every table' }),
    events: [
      { event: 'OrganizationScope.Data.Updated', check: ({ data }, scope) => assert.deepEqual(data, scope) },
    ],
  },
  {
    route: 'POST /organization-scopes',
    label: 'without description',
    path: () => '/organization-scopes',
    body: () => ({ name: 'table:write' }),
    keep: (scope) => (s.orgWrite = scope.id),
    events: [
      {
        event: 'OrganizationScope.Created',
        check: ({ data }, scope) => assert.deepEqual(data, { id: scope.id, name: 'table:write' }),
      },
    ],
  },
  {
    route: 'POST /organization-roles',
    label: 'without scopes',
    path: () => '/organization-roles',
    body: () => ({ name: 'Table viewer' }),
    keep: (role) => (s.viewer = role.id),
    events: [
      {
        event: 'OrganizationRole.Created',
        check: ({ data }, role) =>
          assert.deepEqual(data, { id: role.id, name: 'Table viewer', type: 'User' }),
      },
    ],
  },
  {
    route: 'POST /organization-roles',
    label: 'with organizationScopeIds',
    path: () => '/organization-roles',
    body: () => ({ name: 'Table editor', description: 'edits', organizationScopeIds: [s.orgRead] }),
    keep: (role) => (s.editor = role.id),
    events: [
      { event: 'OrganizationRole.Created', check: ({ data }, role) => assert.deepEqual(data, role) },
      {
        event: 'OrganizationRole.Scopes.Updated',
        check: (payload, role) => assert.equal(payload.organizationRoleId, role.id),
      },
    ],
  },
  {
    route: 'PATCH /organization-roles/:id',
    path: () => `/organization-roles/${s.editor}`,
    body: () => ({ name: 'Table chief editor' }),
    events: [
      { event: 'OrganizationRole.Data.Updated', check: ({ data }, role) => assert.deepEqual(data, role) },
    ],
  },
  {
    route: 'POST /organization-roles/:id/scopes',
    path: () => `/organization-roles/${s.editor}/scopes`,
    body: () => ({ organizationScopeIds: [s.orgWrite] }),
    events: [orgRoleScopes],
  },
  {
    route: 'PUT /organization-roles/:id/scopes',
    path: () => `/organization-roles/${s.editor}/scopes`,
    body: () => ({ organizationScopeIds: [s.orgRead] }),
    events: [orgRoleScopes],
  },
  {
    route: 'DELETE /organization-roles/:id/scopes/:organizationScopeId',
    path: () => `/organization-roles/${s.editor}/scopes/${s.orgRead}`,
    events: [orgRoleScopes],
  },
  {
    route: 'DELETE /organization-roles/:id',
    path: () => `/organization-roles/${s.viewer}`,
    events: [deleted('OrganizationRole.Deleted')],
  },
  {
    route: 'DELETE /organization-scopes/:id',
    path: () => `/organization-scopes/${s.orgWrite}`,
    events: [deleted('OrganizationScope.Deleted')],
  },
  {
    route: 'DELETE /users/:userId',
    label: 'a member of an organization',
    path: () => `/users/${s.invitee}`,
    events: [deleted('User.Deleted')],
  },
  {
    route: 'DELETE /organizations/:id',
    label: 'with members',
    path: () => `/organizations/${s.org}`,
    events: [deleted('Organization.Deleted')],
  },
];

// Filled while the service starts; the rows above only read them when they run.
const forbidden: string[] = [...PASSWORDS, BOOTSTRAP_CLIENT.secret, '$argon2'];
let fixture: (method: string, path: string, body?: unknown) => Promise<Body>;

describe('the management interface trigger table, delivered to a real receiver', async () => {
  const t = await startTestService();
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());
  const created = await t.api<Body>('POST', '/hooks', {
    name: 'trigger table',
    events: [...dataMutationEvents],
    config: { url: receiver.url },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const hook = created.body;
  forbidden.push(hook.signingKey, hook.standardWebhookSecret);
  const seen = new Set<string>();
  let expectedTotal = 0;

  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await t.managementToken()}`,
      'user-agent': USER_AGENT,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${t.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  // Deliveries are written in the transaction of the call, so the count is exact once it answers.
  const written = async () => {
    const response = await t.api('GET', `/hooks/${hook.id}/deliveries?page_size=1`);
    assert.equal(response.status, 200);
    return Number(response.headers.get('total-number'));
  };
  fixture = async (method, path, body) => {
    const before = await written();
    const response = await call(method, path, body);
    assert.ok(
      response.status < 300,
      `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`,
    );
    assert.equal(await written(), before, `${method} ${path} is not in the trigger table: it fires nothing`);
    return response.body;
  };

  for (const row of rows) {
    const events = row.events.map((e) => e.event);
    it(`${row.route}${row.label ? ` (${row.label})` : ''} → ${events.join(' + ')}`, async () => {
      await row.setup?.();
      const [method, matchedRoute] = row.route.split(' ') as [string, string];
      const path = row.path();
      const before = await written();
      const started = Date.now();
      const response = await call(method, path, row.body?.());
      assert.ok(response.status >= 200 && response.status < 300, JSON.stringify(response));
      row.keep?.(response.body);
      assert.equal((await written()) - before, events.length, 'exactly the expected events are written');
      expectedTotal += events.length;

      await receiver.waitFor(seen.size + events.length, { timeoutMs: 15_000 });
      const fresh = receiver.accepted().filter((request) => !seen.has(request.id));
      for (const request of fresh) seen.add(request.id);
      assert.deepEqual(fresh.map((request) => request.event).sort(), [...events].sort());
      const window: [number, number] = [started, Date.now()];
      const trigger = {
        userAgent: USER_AGENT,
        ip: '127.0.0.1',
        method,
        path,
        matchedRoute,
        status: response.status,
      };
      for (const { event, check } of row.events) {
        const request = fresh.find((candidate) => candidate.event === event)!;
        assertManagementDelivery(request, {
          hook,
          event,
          senderUserAgent: t.config.webhooks.userAgent,
          trigger,
          window,
          secrets: forbidden,
        });
        check?.(request.json, response.body);
      }
    });
  }

  it('drives every row of the trigger table and nothing else', () => {
    const driven = new Set(rows.map((row) => row.route));
    assert.deepEqual([...driven].sort(), Object.keys(triggerTable).sort());
    for (const row of rows) {
      for (const { event } of row.events) assert.ok(triggerTable[row.route]!.includes(event), row.route);
    }
    const events = new Set(rows.flatMap((row) => row.events.map((e) => e.event)));
    const management = dataMutationEvents.filter((event) => events.has(event));
    assert.deepEqual(management, [...dataMutationEvents], 'every data-mutation event is fired');
  });

  it('delivered each written event exactly once, and no other', async () => {
    assert.equal(await written(), expectedTotal);
    assert.equal(receiver.requests.length, expectedTotal);
    assert.equal(new Set(receiver.requests.map((request) => request.id)).size, expectedTotal);
  });
});
