import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Db } from '../../src/storage/database.js';
import { groupCommit, type GroupOptions } from '../../src/storage/group-commit.js';

/** A grouped statement whose runs the test ends one by one, noting the items of each. */
function controlledRuns(options: GroupOptions) {
  const runs: { items: string[]; finish: () => void }[] = [];
  const grouped = groupCommit(
    (_db, items: string[]) =>
      new Promise<string[]>((resolve) => {
        runs.push({ items, finish: () => resolve(items.map((item) => `${item}!`)) });
      }),
    options,
  );
  // Each test has its own runner: they are kept per database handle.
  const db = {} as Db;
  return { runs, submit: (item: string) => grouped(db, item) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped statements', () => {
  it('send the items that came during a run together in the next', async () => {
    const { runs, submit } = controlledRuns({ maxItems: 10, parallel: 1 });
    const results = ['a', 'b', 'c'].map(submit);
    await turn();
    assert.deepEqual(
      runs.map((run) => run.items),
      [['a']],
    );
    runs[0]!.finish();
    await turn();
    assert.deepEqual(
      runs.map((run) => run.items),
      [['a'], ['b', 'c']],
    );
    runs[1]!.finish();
    assert.deepEqual(await Promise.all(results), ['a!', 'b!', 'c!']);
  });

  it('with two in flight, start a second run for the first item that waits', async () => {
    const { runs, submit } = controlledRuns({ maxItems: 10, parallel: 2 });
    const results = ['a', 'b'].map(submit);
    await turn();
    assert.deepEqual(
      runs.map((run) => run.items),
      [['a'], ['b']],
    );
    for (const run of runs) run.finish();
    assert.deepEqual(await Promise.all(results), ['a!', 'b!']);
  });
  it("run a failed group's items again one by one when asked, so one item's failure is not another's", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: string[][] = [];
    const grouped = groupCommit(
      async (_db, items: string[]) => {
        runs.push(items);
        if (items[0] === 'first') await gate;
        if (items.includes('bad')) throw new Error('a bad item');
        return items.map((item) => `${item}!`);
      },
      { maxItems: 10, parallel: 1, isolateFailures: true },
    );
    const db = {} as Db;
    const first = grouped(db, 'first');
    const good = grouped(db, 'good');
    const bad = grouped(db, 'bad');
    release();
    assert.equal(await first, 'first!');
    assert.equal(await good, 'good!');
    await assert.rejects(bad, /a bad item/);
    assert.deepEqual(runs, [['first'], ['good', 'bad'], ['good'], ['bad']]);
  });
});
