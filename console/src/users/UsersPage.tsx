import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { FormPanel } from '@shared/ui/FormPanel';
import { ListPage } from '@shared/ui/ListPage';
import { optionalText } from '@shared/ui/useZodForm';
import { formatTime, keys, useApi } from '../ui/api';
import { substringSearch } from '../ui/search';
import { useCreateForm } from '../ui/useCreateThenOpen';

// Empty means "not given": the API decides which identifiers a user needs.
const newUser = z.object({
  username: optionalText,
  primaryEmail: optionalText,
  // Not trimmed: a password is taken as typed.
  password: z.string().transform((text) => text || undefined),
});

export function UsersPage() {
  const api = useApi();
  return (
    <ListPage
      title="Users"
      create={<CreateUser />}
      listHeading="All users"
      searchLabel="Search users"
      caption="Users"
      queryKey={keys.users}
      load={(page, page_size, search) =>
        unwrapPage(
          api.GET('/api/users', { params: { query: { page, page_size, search: substringSearch(search) } } }),
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
  );
}

function CreateUser() {
  const api = useApi();
  const { form, panel } = useCreateForm(
    newUser,
    { username: '', primaryEmail: '', password: '' },
    {
      create: (body: z.output<typeof newUser>) => unwrap(api.POST('/api/users', { body })),
      invalidate: keys.users,
      to: (user) => `/users/${user.id}`,
    },
  );
  return (
    <FormPanel title="Create user" {...panel}>
      <Field label="Username" {...form.register('username')} />
      <Field label="E-mail" type="email" {...form.register('primaryEmail')} />
      <Field
        label="Initial password"
        type="password"
        autoComplete="new-password"
        {...form.register('password')}
      />
    </FormPanel>
  );
}
