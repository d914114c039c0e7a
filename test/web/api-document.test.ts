import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { apiDocumentPaths, typesFor } from '../../scripts/api-document.js';
import { startTestService } from '../support/service.js';

// The console's client is typed from a committed copy of /api/swagger.json; when a route changes,
// this fails until `npm run gen:api` refreshes the copy, so the console and the API cannot drift.
test('the committed API description and types match the live /api/swagger.json', async () => {
  const t = await startTestService();
  const { servers, ...live } = (await (await fetch(`${t.baseUrl}/api/swagger.json`)).json()) as Record<
    string,
    unknown
  >;
  // The one member that depends on where the service runs: its BASE_URL.
  assert.deepEqual(servers, [{ url: t.config.baseUrl }]);
  const { servers: _generatedFor, ...committed } = JSON.parse(
    await readFile(apiDocumentPaths.document, 'utf8'),
  ) as Record<string, unknown>;
  assert.deepEqual(committed, live, 'web-shared/api/openapi.json is stale: run `npm run gen:api`');
  const types = await readFile(apiDocumentPaths.types, 'utf8');
  assert.equal(types, await typesFor(live), 'web-shared/api/schema.d.ts is stale: run `npm run gen:api`');
});
