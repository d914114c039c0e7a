import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../webhooks/helpers.js';
import { environment, stillRunning } from './group-signal.js';
import { alive, nohupFromShell, npmStart, parentOf } from './launched-service.js';

describe('under npm start', () => {
  it('stops gracefully, leaving no orphan, when npm alone is killed', async () => {
    const service = await npmStart(await environment());
    const shellPid = await parentOf(service.pid);
    process.kill(service.launcher.pid!, 'SIGKILL');
    await service.gone();
    assert.equal(service.exitCode(), 0, service.output().slice(-1500));
    assert.match(service.output(), /"reason":"parent process gone"/);
    assert.match(service.output(), /"msg":"stopped"/);
    await eventually(
      async () => alive(shellPid),
      (running) => !running,
      10_000,
    );
  });
});

describe('started in the background on purpose', () => {
  it('keeps serving after the shell that ran `nohup … &` exits', async () => {
    const service = await nohupFromShell(await environment());
    const shellPid = service.launcher.pid!;
    const shellExited = new Promise((resolve) => service.launcher.once('exit', resolve));
    service.launcher.stdin!.end();
    await shellExited;
    assert.notEqual(await parentOf(service.pid), shellPid, 're-parented');
    // Staying up is a matter of time: serve for three times the interval at which the
    // parent watch used to look.
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      const response = await fetch(`${service.baseUrl}/oidc/.well-known/openid-configuration`);
      assert.equal(response.status, 200);
      await response.arrayBuffer();
    }
    assert.ok(stillRunning(service), service.output().slice(-1500));
    process.kill(service.pid, 'SIGTERM');
    await service.gone();
    assert.equal(service.exitCode(), 0);
    assert.match(service.output(), /"reason":"SIGTERM"/);
    assert.doesNotMatch(service.output(), /parent process gone/);
  });
});
