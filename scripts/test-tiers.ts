import { readFile } from 'node:fs/promises';

export type Backend = 'pglite' | 'postgres';

/**
 * A test file runs on the backends its first lines name (`// test-backends: pglite, postgres`):
 * storage-level files (repositories, the adapter, the outbox and worker statements, durability)
 * on both; a file about the PostgreSQL server alone (outages through a proxy, several instances on
 * one database) on `postgres`; every other file, routes and flows above the storage layer, once on
 * PGlite, the zero-config default.
 */
const marker = /^\/\/ test-backends: *([a-z, ]+)$/m;

export async function backendsOf(file: string): Promise<Backend[]> {
  const head = (await readFile(file, 'utf8')).slice(0, 2000);
  const named = marker.exec(head)?.[1];
  if (!named) return ['pglite'];
  const backends = named.split(',').map((name) => name.trim());
  for (const name of backends) {
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`${file}: unknown test backend "${name}"`);
  }
  return backends as Backend[];
}
