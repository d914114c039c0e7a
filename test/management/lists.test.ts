import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from '../../src/storage/json.js';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';

interface Log {
  id: string;
  key: string;
  createdAt: number;
}

describe('lists as Logto pages them', async () => {
  const t = await startTestService();
  const db = t.service.storage.db;

  it('answers every row without paging parameters, pages with Total-Number and Link with them', async () => {
    for (let i = 0; i < 25; i++) await apiOk(t, 'POST', '/users', { username: `lister_${i}` });
    const all = await t.api<unknown[]>('GET', '/users?search.username=lister_%25');
    assert.equal(all.status, 200);
    assert.equal(all.body.length, 25, 'more than one default page');
    assert.equal(all.headers.get('total-number'), '25');
    assert.equal(all.headers.get('link'), null);

    const second = await t.api<unknown[]>('GET', '/users?search.username=lister_%25&page=2&page_size=10');
    assert.equal(second.body.length, 10);
    assert.equal(second.headers.get('total-number'), '25');
    const links = second.headers.get('link')!;
    for (const [page, rel] of [
      [1, 'first'],
      [1, 'prev'],
      [3, 'next'],
      [3, 'last'],
    ] as const) {
      assert.match(links, new RegExp(`</api/users\\?[^>]*page=${page}[^>]*>; rel="${rel}"`), rel);
    }
    assert.match(links, /page_size=10/);
    assert.match(links, /search\.username=lister_%25/);
    const defaultSize = await t.api<unknown[]>('GET', '/users?search.username=lister_%25&page=1');
    assert.equal(defaultSize.body.length, 20, 'page alone takes the default page size');
    assert.doesNotMatch(defaultSize.headers.get('link')!, /rel="prev"/);
    for (const query of ['page=0', 'page_size=0', 'page_size=101', 'page=x']) {
      assert.equal((await t.api('GET', `/users?${query}`)).status, 400, query);
    }
  });

  it('filters logs by start_time and end_time, refusing bad values', async () => {
    const base = Date.UTC(2020, 0, 1);
    const key = `List.Test.${Date.now()}`;
    await db
      .insertInto('logs')
      .values(
        [0, 1, 2].map((day) => ({
          id: `list-log-${day}`,
          key,
          user_id: null,
          application_id: null,
          payload: json({}),
          created_at: new Date(base + day * 86_400_000),
        })),
      )
      .execute();
    const ids = async (query: string) => {
      const response = await t.api<Log[]>('GET', `/logs?logKey=${key}&${query}`);
      assert.equal(response.status, 200, query);
      return response.body.map((log) => log.id);
    };
    assert.deepEqual(await ids(`start_time=${base + 86_400_000}`), ['list-log-2', 'list-log-1']);
    assert.deepEqual(await ids(`end_time=${base + 86_400_000}`), ['list-log-0']);
    assert.deepEqual(await ids(`start_time=2020-01-01T12:00:00Z&end_time=2020-01-03T00:00:00Z`), [
      'list-log-1',
    ]);
    for (const query of [
      'start_time=yesterday',
      'end_time=-5',
      'start_time=99999999999999999999',
      `start_time=${base + 2}&end_time=${base}`,
    ]) {
      const response = await t.api<{ code: string }>('GET', `/logs?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(response.body.code, 'guard.invalid_input', query);
    }
  });
});
