// `npm run bench`: every benchmark in turn, each in its own process so none warms another.
import { spawnSync } from 'node:child_process';

const scripts = ['bench/startup.ts', 'bench/foundation.ts', 'bench/token-exchange.ts', 'bench/webhooks.ts'];
let failed = 0;
for (const script of scripts) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${script} failed with ${result.status ?? result.signal}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
