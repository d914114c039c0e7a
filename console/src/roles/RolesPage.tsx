import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Field, Select } from '@shared/ui/Field';
import { FormPanel } from '@shared/ui/FormPanel';
import { ListPage } from '@shared/ui/ListPage';
import { keys, useApi } from '../ui/api';
import { substringSearch } from '../ui/search';
import { useCreateForm } from '../ui/useCreateThenOpen';

const typeNames = { User: 'User', MachineToMachine: 'Machine-to-machine' } as const;

const newRole = z.object({
  name: z.string().trim().min(1, 'Enter a role name.'),
  description: z.string().trim().min(1, 'Enter a description.'),
  type: z.enum(['User', 'MachineToMachine']),
});

export function RolesPage() {
  const api = useApi();
  return (
    <ListPage
      title="Roles"
      create={<CreateRole />}
      searchLabel="Search roles"
      caption="Roles"
      queryKey={keys.roles}
      load={(page, page_size, search) =>
        unwrapPage(
          api.GET('/api/roles', { params: { query: { page, page_size, search: substringSearch(search) } } }),
        )
      }
      rowKey={(role) => role.id}
      columns={[
        { header: 'Name', cell: (role) => <Link to={`/roles/${role.id}`}>{role.name}</Link> },
        { header: 'Type', cell: (role) => typeNames[role.type] },
        { header: 'Description', cell: (role) => role.description },
      ]}
    />
  );
}

function CreateRole() {
  const api = useApi();
  const { form, errors, panel } = useCreateForm(
    newRole,
    { name: '', description: '', type: 'User' },
    {
      create: (body: z.output<typeof newRole>) => unwrap(api.POST('/api/roles', { body })),
      invalidate: keys.roles,
      to: (role) => `/roles/${role.id}`,
    },
  );
  return (
    <FormPanel title="Create role" {...panel}>
      <Field label="Role name" required error={errors.name?.message} {...form.register('name')} />
      <Field
        label="Description"
        required
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Select
        label="Role type"
        options={Object.entries(typeNames).map(([value, label]) => ({ value, label }))}
        {...form.register('type')}
      />
    </FormPanel>
  );
}
