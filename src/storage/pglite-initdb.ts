// Run as a process of its own by initialisePgliteDirectory: creates a PGlite data directory, then
// exits, so that initdb's WebAssembly heap leaves with the process.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb <data directory>');
const pglite = await PGlite.create(dataDir);
await pglite.close();
