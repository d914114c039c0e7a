import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../webhooks/helpers.js';
import { environment } from './group-signal.js';
import { alive, npmStart, parentOf } from './launched-service.js';

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
