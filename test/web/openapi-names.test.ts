import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { apiDocumentPaths } from '../../scripts/api-document.js';
import { operationIdFor, singular } from '../../src/http/operation-ids.js';

type Operation = { operationId?: string; summary?: string };

// Generated clients name their methods after operation ids: every operation has one, unique, and
// Logto's where Logto has the operation (the committed document matches the live one, see
// api-document.test.ts).
test('every documented operation has a unique operationId and a summary, Logto’s names included', async () => {
  const document = JSON.parse(await readFile(apiDocumentPaths.document, 'utf8')) as {
    servers: unknown[];
    paths: Record<string, Record<string, Operation>>;
  };
  assert.equal(document.servers.length, 1);
  const ids = new Map<string, string>();
  for (const [path, operations] of Object.entries(document.paths)) {
    assert.ok(!path.endsWith('/'), `${path} ends with a slash`);
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method} ${path}`;
      assert.match(operation.operationId ?? '', /^[A-Z][A-Za-z]+$/, `${where}: operationId`);
      assert.ok(operation.summary, `${where}: summary`);
      assert.equal(ids.get(operation.operationId!), undefined, `${where}: ${operation.operationId} twice`);
      ids.set(operation.operationId!, where);
    }
  }
  const expected: Record<string, string> = {
    ListUsers: 'get /api/users',
    GetUser: 'get /api/users/{userId}',
    CreateUser: 'post /api/users',
    AssignUserRoles: 'post /api/users/{userId}/roles',
    DeleteUserRole: 'delete /api/users/{userId}/roles/{roleId}',
    AddOrganizationUsers: 'post /api/organizations/{id}/users',
    ListOrganizationJitEmailDomains: 'get /api/organizations/{id}/jit/email-domains',
    InitInteraction: 'put /api/experience',
    GetSignInExperienceConfig: 'get /api/.well-known/sign-in-exp',
  };
  for (const [id, where] of Object.entries(expected)) assert.equal(ids.get(id), where, id);
});

test('operation ids are derived from the method and the route, Logto’s way', () => {
  assert.equal(operationIdFor('get', '/applications/:id/secrets'), 'ListApplicationSecrets');
  assert.equal(operationIdFor('post', '/applications/:id/secrets'), 'CreateApplicationSecret');
  assert.equal(operationIdFor('patch', '/users/:userId/is-suspended'), 'UpdateUserIsSuspended');
  assert.equal(operationIdFor('put', '/organizations/:id/users'), 'ReplaceOrganizationUsers');
  assert.equal(operationIdFor('delete', '/hooks/:id/'), 'DeleteHook');
  assert.deepEqual(
    ['identities', 'addresses', 'deliveries', 'roles', 'status', 'custom-data'].map(singular),
    ['identity', 'address', 'delivery', 'role', 'status', 'custom-data'],
  );
});
