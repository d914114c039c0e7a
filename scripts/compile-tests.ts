import { mkdir, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Transpiles the sources, the tests and the scripts once into `outDir`, file for file (no bundle),
 * so that each test process loads plain JavaScript instead of running every module through tsx's
 * loader: about two thirds of a test file's start-up CPU. The type check stays `tsc`'s job.
 */
export async function compileTests(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  const roots = ['src', 'test', 'scripts'];
  const entryPoints = (await Promise.all(roots.map(sourcesUnder))).flat();
  await build({
    entryPoints,
    outdir: outDir,
    outbase: '.',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // What the compiled modules read beside themselves as it is: the API document, and the browser
  // applications that tests build with Vite from their sources.
  for (const dir of linkedAsIs) {
    await mkdir(path.dirname(path.join(outDir, dir)), { recursive: true });
    await symlink(path.resolve(dir), path.join(outDir, dir), 'dir');
  }
}

const linkedAsIs = ['web-shared', path.join('test', 'apps')];

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !linkedAsIs.some((dir) => file.startsWith(dir + path.sep)));
}
