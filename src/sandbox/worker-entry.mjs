// Module hooks registered in the parent (tsx) are not inherited by worker threads on Node 20,
// so the TypeScript worker is loaded through tsx explicitly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
