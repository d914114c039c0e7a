import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { backend } from '../support/databases.js';

// The image's build stage, replayed without a container runtime: exactly the files its COPY
// lines bring in, then its RUN steps. The lockfile install (`npm ci`) is what CI itself runs
// first, so the tree's node_modules stands in for it. Nothing here touches a database: the
// build runs on the first backend of a run only.
const firstBackend = (process.env.TESSERA_TEST_BACKENDS ?? 'pglite,postgres').split(',')[0];

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(dockerfile: string): Instruction[] {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of the stage that runs `npm run build`. */
function buildStage(all: Instruction[]): Instruction[] {
  const stages: Instruction[][] = [];
  for (const instruction of all) {
    if (instruction.keyword === 'FROM') stages.push([]);
    else stages.at(-1)?.push(instruction);
  }
  const stage = stages.find((steps) =>
    steps.some((step) => step.keyword === 'RUN' && step.args.includes('npm run build')),
  );
  assert.ok(stage, 'a stage runs npm run build');
  return stage;
}

function run(command: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the container image', () => {
  it(
    'builds the server and the browser pages from exactly the files the Dockerfile copies',
    { skip: backend !== firstBackend && `built on ${firstBackend} already` },
    async () => {
      const steps = buildStage(instructions(await readFile('Dockerfile', 'utf8')));
      const ignored = (await readFile('.dockerignore', 'utf8')).split('\n').map((line) => line.trim());
      const dir = await mkdtemp(path.join(tmpdir(), 'tessera-image-build-'));
      after(() => rm(dir, { recursive: true, force: true }));
      // WORKDIR only ever names the image's one directory: the scratch directory here.
      const workdir = dir;
      for (const { keyword, args } of steps) {
        if (keyword === 'WORKDIR') {
          continue;
        } else if (keyword === 'COPY') {
          assert.doesNotMatch(args, /^\[|--from/, `COPY in the build stage copies from the context: ${args}`);
          const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
          const target = path.join(workdir, parts.pop()!);
          for (const source of parts) {
            assert.ok(!ignored.includes(source), `${source} is left out by .dockerignore`);
            const into =
              target.endsWith('/') || parts.length > 1 ? path.join(target, path.basename(source)) : target;
            await cp(source, into, { recursive: true });
          }
        } else if (keyword === 'RUN' && /^npm ci\b/.test(args)) {
          await symlink(path.resolve('node_modules'), path.join(workdir, 'node_modules'));
        } else if (keyword === 'RUN') {
          const result = await run(args, workdir);
          assert.equal(result.code, 0, `RUN ${args}:\n${result.output.slice(-3000)}`);
        } else {
          assert.fail(`the test does not know how to replay ${keyword} ${args}`);
        }
      }
      for (const file of [
        'dist/cli.js',
        'dist/service.js',
        'dist/pages/console/index.html',
        'dist/pages/hosted/index.html',
      ]) {
        assert.ok(existsSync(path.join(workdir, file)), `${file} built`);
      }
      const assets = await readdir(path.join(workdir, 'dist/pages/assets'));
      assert.ok(
        assets.some((name) => /^console-.*\.js$/.test(name)) &&
          assets.some((name) => /^hosted-.*\.js$/.test(name)),
      );
    },
  );
});
