#!/usr/bin/env node
// The compiled service (`npm run build`, run by `npm ci`); in a checkout without a build, the
// TypeScript sources through tsx (a development dependency).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

if (existsSync(fileURLToPath(import.meta.resolve('../dist/cli.js')))) {
  await import('../dist/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
