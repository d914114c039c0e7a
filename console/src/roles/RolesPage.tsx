import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field, Select } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';
import { substringSearch } from '../ui/search';

type RoleType = 'User' | 'MachineToMachine';

export function RolesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<RoleType>('User');
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/api/roles', { body: { name, description, type } })),
    onSuccess: async (role) => {
      await queryClient.invalidateQueries({ queryKey: keys.roles });
      navigate(`/roles/${role.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <h1>Roles</h1>
      <form className="panel" onSubmit={submit} aria-label="Create role">
        <h2>Create role</h2>
        <div className="row">
          <Field label="Role name" value={name} onChange={(e) => setName(e.target.value)} required />
          <Field
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
          />
          <Select
            label="Role type"
            value={type}
            onChange={(e) => setType(e.target.value as RoleType)}
            options={[
              { value: 'User', label: 'User' },
              { value: 'MachineToMachine', label: 'Machine-to-machine' },
            ]}
          />
        </div>
        <Alert error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create role
        </button>
      </form>
      <Field label="Search roles" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <PagedTable
        caption="Roles"
        queryKey={[...keys.roles, 'list', { search }]}
        load={(page, page_size) =>
          unwrapPage(
            api.GET('/api/roles', {
              params: { query: { page, page_size, search: substringSearch(search) } },
            }),
          )
        }
        rowKey={(role) => role.id}
        columns={[
          { header: 'Name', cell: (role) => <Link to={`/roles/${role.id}`}>{role.name}</Link> },
          { header: 'Type', cell: (role) => (role.type === 'User' ? 'User' : 'Machine-to-machine') },
          { header: 'Description', cell: (role) => role.description },
        ]}
      />
    </>
  );
}
