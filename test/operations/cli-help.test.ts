import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { environmentSchema } from '../../src/config.js';
import { sourceCli } from '../support/process.js';

describe('tessera --help', () => {
  it('lists the commands and every setting with its default', () => {
    const result = spawnSync(process.execPath, [...sourceCli, '--help'], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    for (const command of ['start', 'migrate', 'prune', 'backup', 'restore', 'move-to-postgres'])
      assert.match(result.stdout, new RegExp(`^  ${command} `, 'm'));
    for (const name of Object.keys(environmentSchema.shape)) {
      assert.match(result.stdout, new RegExp(`^  ${name} +\\S`, 'm'), name);
    }
    assert.match(result.stdout, /TESSERA_OPS_PORT +.*\(default: 9000\)/);
    assert.match(result.stdout, /TESSERA_WEBHOOK_RETRY_SCHEDULE +.*\(default: 0,5,300,/);
  });

  it('answers an unknown command with the usage and exit code 2', () => {
    const result = spawnSync(process.execPath, [...sourceCli, 'frobnicate'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^Usage: tessera <command>/);
  });
});
