import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOk } from '../support/http.js';
import { startTestService } from '../support/service.js';

interface User {
  id: string;
  username: string | null;
  primaryEmail: string | null;
  name: string | null;
}
interface ErrorBody {
  code: string;
  message: string;
}

describe('user search as Logto does it', async () => {
  const t = await startTestService();
  const make = (body: Record<string, unknown>) => apiOk<User>(t, 'POST', '/users', body);
  const alice = await make({ username: 'alice_s', primaryEmail: 'Alice@Search.test', name: 'Alice Liddell' });
  const malice = await make({ username: 'malice_s', primaryEmail: 'malice@search.test', name: 'Mal' });
  const bob = await make({ username: 'bob_s', primaryEmail: 'bob@other.test', name: 'Bob Alic' });
  const ids = async (query: string) => {
    const response = await t.api<User[]>('GET', `/users?${query}`);
    assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
    assert.equal(response.headers.get('total-number'), String(response.body.length), query);
    return response.body.map((user) => user.id).sort();
  };
  const sorted = (...users: User[]) => users.map((user) => user.id).sort();

  it('takes `search` as a LIKE pattern over every field, case-insensitively', async () => {
    assert.deepEqual(await ids('search=%25alic%25'), sorted(alice, malice, bob));
    assert.deepEqual(await ids('search=alic%25'), sorted(alice));
    assert.deepEqual(await ids('search=%25alic%25&isCaseSensitive=true'), sorted(alice, malice));
    assert.deepEqual(await ids(`search=${alice.id}`), sorted(alice), 'the id is searchable');
    assert.deepEqual(await ids('search=alice@search.test'), sorted(alice), 'no wildcard: the whole value');
  });

  it('narrows to one field with search.<field> and honours mode.<field>=exact', async () => {
    assert.deepEqual(
      await ids('search.primaryEmail=alice@search.test&mode.primaryEmail=exact'),
      sorted(alice),
      'exact never returns every user',
    );
    assert.deepEqual(await ids('search.primaryEmail=nobody@search.test&mode.primaryEmail=exact'), []);
    assert.deepEqual(
      await ids('search.primaryEmail=alice@search.test&mode.primaryEmail=exact&isCaseSensitive=true'),
      [],
    );
    assert.deepEqual(
      await ids('search.username=alice_s&search.username=bob_s&mode.username=exact'),
      sorted(alice, bob),
      'exact mode takes several values',
    );
    assert.deepEqual(await ids('search.name=%25alic%25'), sorted(alice, bob));
    assert.deepEqual(await ids('search.username=^m.*_s$&mode=posix'), sorted(malice));
    assert.deepEqual(
      await ids('search.username=(alice|bob)_s&mode.username=similar_to&isCaseSensitive=true'),
      sorted(alice, bob),
    );
  });

  it('combines fields with `or` unless joint=and', async () => {
    const query = 'search.name=%25alic%25&search.primaryEmail=%25search.test';
    assert.deepEqual(await ids(query), sorted(alice, malice, bob));
    assert.deepEqual(await ids(`${query}&joint=and`), sorted(alice));
    assert.deepEqual(await ids(`${query}&jointMode=and`), sorted(alice));
  });

  it('leaves out holders of a role and members of an organization', async () => {
    const role = await apiOk<{ id: string }>(t, 'POST', '/roles', { name: 'search-role', description: 'd' });
    await apiOk(t, 'POST', `/users/${alice.id}/roles`, { roleIds: [role.id] });
    const org = await apiOk<{ id: string }>(t, 'POST', '/organizations', { name: 'search-org' });
    await apiOk(t, 'POST', `/organizations/${org.id}/users`, { userIds: [bob.id] });
    const all = 'search.primaryEmail=%25.test';
    assert.deepEqual(await ids(`${all}&excludeRoleId=${role.id}`), sorted(malice, bob));
    assert.deepEqual(await ids(`${all}&excludeOrganizationId=${org.id}`), sorted(alice, malice));
    assert.deepEqual(
      await ids(`${all}&excludeRoleId=${role.id}&excludeOrganizationId=${org.id}`),
      sorted(malice),
    );
  });

  it('answers 400 for bad search input, never every user', async () => {
    for (const query of [
      'search.password=x',
      'search.name.first=x',
      'mode.name=fuzzy&search.name=x',
      'mode=fuzzy&search=x',
      'joint=xor&search=x',
      'search.name=a&search.name=b',
      'search=',
      'search.name=x&mode.name=exact&search.name=',
      'search.username=x&mode=similar_to',
      'search.username=(&mode=posix',
      'search=a\\',
      'isCaseSensitive=maybe&search=x',
      'search=%00',
    ]) {
      const response = await t.api<ErrorBody>('GET', `/users?${query}`);
      assert.equal(response.status, 400, `${query}: ${JSON.stringify(response.body)}`);
      assert.match(response.body.code, /^(request|guard)\.invalid_input$/, query);
    }
  });

  it('refuses a key that looks like a search but is not one, on every searchable list', async () => {
    const keys = ['search_params[search.username]', 'searchText', 'search[]', 'modes', 'mode_name'];
    for (const list of ['/users', '/roles', '/applications', `/users/${alice.id}/roles`]) {
      for (const key of keys) {
        const query = `${encodeURIComponent(key)}=alice_s`;
        const response = await t.api<ErrorBody>('GET', `${list}?${query}`);
        assert.equal(response.status, 400, `${list}?${query}: ${JSON.stringify(response.body)}`);
        assert.equal(response.body.code, 'guard.invalid_input', `${list}?${query}`);
        assert.ok(response.body.message.includes(`\`${key}\``), response.body.message);
      }
    }
    // The recognised forms and unrelated unknown keys keep working.
    assert.deepEqual(await ids('search.username=alice_s&mode.username=exact&jointMode=and'), sorted(alice));
    assert.deepEqual(await ids('search=alice_s&mode=exact&joint=or&isCaseSensitive=false'), sorted(alice));
    const everyone = await ids('');
    assert.deepEqual(await ids('colour=blue&x_search=alice_s'), everyone, 'other unknown keys are ignored');
  });

  it('searches the nested role lists the same way', async () => {
    const user = await make({ username: 'nested_s' });
    const names = ['Nested Reader', 'Nested Writer'];
    const roles = await Promise.all(
      names.map((name) => apiOk<{ id: string }>(t, 'POST', '/roles', { name, description: 'd' })),
    );
    await apiOk(t, 'POST', `/users/${user.id}/roles`, { roleIds: roles.map((role) => role.id) });
    const found = await t.api<Array<{ name: string }>>('GET', `/users/${user.id}/roles?search=%25writer`);
    assert.deepEqual(
      found.body.map((role) => role.name),
      ['Nested Writer'],
    );
    assert.equal(found.headers.get('total-number'), '1');
    const bad = await t.api<ErrorBody>('GET', `/users/${user.id}/roles?search.color=x`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'request.invalid_input');
    const roleList = await t.api<Array<{ name: string }>>(
      'GET',
      '/roles?search.name=Nested%20Reader&mode=exact',
    );
    assert.deepEqual(
      roleList.body.map((role) => role.name),
      ['Nested Reader'],
    );
  });
});
