// `npm test`: the type checks and the lint run beside the test suite instead of before it. The
// suite's workers spend much of their time waiting on browsers, child processes and receivers,
// and the checks fill that time. The checks' output is printed whole once they end.
import { spawn } from 'node:child_process';

const checks = run('npm', ['run', '--silent', 'checks'], 'buffered');
const suite = run(
  process.execPath,
  ['--import', 'tsx', 'scripts/run-tests.ts', ...process.argv.slice(2)],
  'streamed',
);

const checked = await checks;
console.log(`\n=== type checks and lint: ${checked.code === 0 ? 'passed' : 'FAILED'} ===\n${checked.output}`);
const tested = await suite;
if (checked.code !== 0) console.error('\nthe type checks or the lint failed: see above');
process.exit(checked.code !== 0 || tested.code !== 0 ? 1 : 0);

function run(command: string, args: string[], mode: 'buffered' | 'streamed') {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(command, args, {
      stdio: mode === 'streamed' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
