import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { formatTime, keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';
import { substringSearch } from '../ui/search';

export function UsersPage() {
  const api = useApi();
  const [search, setSearch] = useState('');
  return (
    <>
      <h1>Users</h1>
      <CreateUser />
      <h2>All users</h2>
      <Field label="Search users" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <PagedTable
        caption="Users"
        queryKey={[...keys.users, { search }]}
        load={(page, page_size) =>
          unwrapPage(
            api.GET('/api/users', {
              params: { query: { page, page_size, search: substringSearch(search) } },
            }),
          )
        }
        rowKey={(user) => user.id}
        columns={[
          {
            header: 'User',
            cell: (user) => (
              <Link to={`/users/${user.id}`}>{user.username ?? user.primaryEmail ?? user.id}</Link>
            ),
          },
          { header: 'E-mail', cell: (user) => user.primaryEmail ?? '—' },
          { header: 'Status', cell: (user) => (user.isSuspended ? 'Suspended' : 'Active') },
          { header: 'Created', cell: (user) => formatTime(user.createdAt) },
        ]}
      />
    </>
  );
}

function CreateUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/users', {
          body: {
            username: username || undefined,
            primaryEmail: email || undefined,
            password: password || undefined,
          },
        }),
      ),
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: keys.users });
      navigate(`/users/${user.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Create user">
      <h2>Create user</h2>
      <div className="row">
        <Field label="Username" value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Initial password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
      </div>
      <Alert error={create.error} />
      <button type="submit" className="primary" disabled={create.isPending}>
        Create user
      </button>
    </form>
  );
}
