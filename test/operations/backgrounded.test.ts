import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { environment, stillRunning } from './group-signal.js';
import { nohupFromShell, parentOf } from './launched-service.js';

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
