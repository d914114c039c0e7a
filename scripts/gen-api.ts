// Regenerates the console's API description and types from the service itself:
// web-shared/api/openapi.json (the live /api/swagger.json) and web-shared/api/schema.d.ts.
// Builds the app against a throwaway embedded database; nothing listens.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { prepareStorage } from '../src/service.js';
import { apiDocumentPaths, typesFor } from './api-document.js';

const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-gen-api-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const storage = await prepareStorage(config);
  const app = await buildApp(config, storage);
  await app.ready();
  const document = app.swagger();
  await app.close();
  await storage.close();
  await writeFile(apiDocumentPaths.document, `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(apiDocumentPaths.types, await typesFor(document));
  console.log(`wrote ${apiDocumentPaths.document} and ${apiDocumentPaths.types}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
