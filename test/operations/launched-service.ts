import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { eventually } from '../webhooks/helpers.js';

// The real service as an operator launches it: under `npm start`, or backgrounded by a shell.
// Its exit code is recorded by a preloaded observer, since the service is not the test's child.
const root = process.cwd();
const exitObserver = `import { writeFileSync } from 'node:fs';
process.on('exit', (code) => writeFileSync(process.env.TESSERA_TEST_EXIT_FILE, String(code)));
`;

export interface LaunchedService {
  /** What the launcher (npm, a shell) and the service wrote on stdout and stderr so far. */
  output(): string;
  /** The service's pid, from its log. */
  pid: number;
  /** The launcher: npm, or the shell that backgrounded the service. */
  launcher: ChildProcess;
  /** The service's exit code once it has exited on its own; undefined while it runs or if killed. */
  exitCode(): number | undefined;
  /** Resolves once the service process is gone. */
  gone(timeoutMs?: number): Promise<void>;
  baseUrl: string;
}

/** A scratch package whose `npm start` runs the service from the sources, as the real one runs dist/. */
async function scratchPackage(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-launch-'));
  after(() => rm(dir, { recursive: true, force: true }));
  await symlink(path.join(root, 'src'), path.join(dir, 'src'));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  await writeFile(path.join(dir, 'exit-code.mjs'), exitObserver);
  const start = 'node --import tsx --import ./exit-code.mjs src/cli.ts start';
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ private: true, scripts: { start } }));
  return dir;
}

/** The environment without what an outer `npm test` set, so only the launcher under test counts. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  );
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra };
}

/** `npm start` in its own process group (as a terminal or systemd gives it), with `scriptShell` running the script. */
export async function npmStart(
  env: Record<string, string>,
  scriptShell = '/bin/sh',
): Promise<LaunchedService> {
  const dir = await scratchPackage();
  const exitFile = path.join(dir, 'exit-code');
  const launcher = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    env: cleanEnv({ ...env, npm_config_script_shell: scriptShell, TESSERA_TEST_EXIT_FILE: exitFile }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return launched(launcher, env, exitFile);
}

/**
 * `nohup node … start &` from a shell that exits once the service serves: a service
 * backgrounded on purpose. Not under npm, so no npm variables in its environment.
 */
export async function nohupFromShell(env: Record<string, string>): Promise<LaunchedService> {
  const dir = await scratchPackage();
  const exitFile = path.join(dir, 'exit-code');
  const command = `nohup "${process.execPath}" --import tsx --import ./exit-code.mjs src/cli.ts start & read done`;
  const launcher = spawn('sh', ['-c', command], {
    cwd: dir,
    env: cleanEnv({ ...env, TESSERA_TEST_EXIT_FILE: exitFile }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return launched(launcher, env, exitFile);
}

async function launched(
  launcher: ChildProcess,
  env: Record<string, string>,
  exitFile: string,
): Promise<LaunchedService> {
  let output = '';
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const serving = await eventually(
    async () => /"pid":(\d+)[^\n]*"msg":"Tessera is serving/.exec(output),
    (match) => match !== null,
    120_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; output: ${output.slice(-2000)}`);
  });
  const pid = Number(serving![1]);
  after(() => {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (launcher.exitCode !== null || launcher.signalCode !== null) return;
    // npm runs in its own group: take its shell along.
    if (launcher.spawnargs[0] === 'npm') process.kill(-launcher.pid!, 'SIGKILL');
    else launcher.kill('SIGKILL');
  });
  return {
    output: () => output,
    pid,
    launcher,
    exitCode: () => (existsSync(exitFile) ? Number(readFileSync(exitFile, 'utf8')) : undefined),
    gone: async (timeoutMs = 90_000) => {
      await eventually(
        async () => alive(pid),
        (running) => !running,
        timeoutMs,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; output: ${output.slice(-2000)}`);
      });
    },
    baseUrl: env.BASE_URL!,
  };
}

/** Whether `pid` runs (a zombie, exited but not yet reaped, counts as gone). */
export function alive(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The parent pid of `pid`, from /proc. */
export async function parentOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
