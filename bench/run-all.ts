// `npm run bench`: builds the service, then every benchmark in turn, each in its own process (group) so none warms another,
// then the goal rows they recorded, each figure beside its reference from the same run.
//   TESSERA_BENCH_SECONDS=3 TESSERA_BENCH_ROUNDS=1 npm run bench     (a quick pass while developing)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTracked } from './processes.js';
import { printSummary } from './summary.js';

const scripts = ['bench/startup.ts', 'bench/token-exchange.ts', 'bench/webhooks.ts', 'bench/idle-memory.ts'];
const directory = mkdtempSync(path.join(tmpdir(), 'tessera-bench-summary-'));
const summary = path.join(directory, 'rows.jsonl');
let failed = 0;
try {
  // The benchmarks start the compiled service (bin/tessera.js prefers dist/): build it from these sources.
  const build = spawnTracked('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if ((await new Promise((resolve) => build.once('exit', resolve))) !== 0)
    throw new Error('the build failed');
  for (const script of scripts) {
    const child = spawnTracked(process.execPath, ['--import', 'tsx', script], {
      stdio: 'inherit',
      env: { ...process.env, TESSERA_BENCH_SUMMARY: summary },
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) {
      console.error(`${script} failed with ${code}`);
      failed++;
    }
  }
  printSummary(summary);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
