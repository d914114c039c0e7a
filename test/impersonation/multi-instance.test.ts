// test-backends: postgres
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { backend } from '../support/databases.js';
import { startTwoInstances } from '../support/service.js';
import { createApplication, createResource, createUser, exchange, issueSubjectToken } from './fixtures.js';

// PGlite is one in-process database: two instances cannot share it.
describe(
  'impersonation across two instances on one PostgreSQL',
  { skip: backend !== 'postgres' },
  async () => {
    if (backend !== 'postgres') return;
    const { first, second, secondUrl } = await startTwoInstances();
    assert.notEqual(new URL(secondUrl).port, new URL(first.baseUrl).port);
    const resource = await createResource(first, ['read']);
    const userId = await createUser(first, [resource.scopeIds.read!]);
    const spa = await createApplication(first, 'SPA');

    it('redeems a subject token exactly once among 25 concurrent exchanges on both instances', async () => {
      const subjectToken = await issueSubjectToken(first, userId);
      const params = { subject_token: subjectToken, resource: resource.indicator, scope: 'read' };
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) => exchange(i % 2 ? secondUrl : first.baseUrl, spa, params)),
      );
      const won = results.filter((result) => result.status === 200);
      assert.equal(won.length, 1);
      assert.ok(
        results.every((r) => r.status === 200 || (r.status === 400 && r.body.error === 'invalid_grant')),
      );
    });

    it('exchanges on one instance a subject token issued through the other', async () => {
      const subjectToken = await issueSubjectToken(second, userId, { ticketId: 'T-7' });
      const response = await exchange(first.baseUrl, spa, {
        subject_token: subjectToken,
        resource: resource.indicator,
        scope: 'read',
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      // Each instance has its own issuer address here, but both sign with the shared key.
      const { payload } = await jwtVerify(
        response.body.access_token as string,
        createRemoteJWKSet(new URL(`${second.baseUrl}/oidc/jwks`)),
      );
      assert.equal(payload.sub, userId);
    });
  },
);
