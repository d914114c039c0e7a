import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { formatTime, keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';
import { OrganizationTemplate } from './OrganizationTemplate';

export function OrganizationsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/organizations', { body: { name, description: description || undefined } })),
    onSuccess: async (organization) => {
      await queryClient.invalidateQueries({ queryKey: keys.organizations });
      navigate(`/organizations/${organization.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <h1>Organizations</h1>
      <form className="panel" onSubmit={submit} aria-label="Create organization">
        <h2>Create organization</h2>
        <div className="row">
          <Field label="Organization name" value={name} onChange={(e) => setName(e.target.value)} required />
          <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <Alert error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create organization
        </button>
      </form>
      <Field
        label="Search organizations"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <PagedTable
        caption="Organizations"
        queryKey={[...keys.organizations, 'list', { search }]}
        load={(page, page_size) =>
          unwrapPage(
            api.GET('/api/organizations', { params: { query: { page, page_size, q: search || undefined } } }),
          )
        }
        rowKey={(organization) => organization.id}
        columns={[
          { header: 'Name', cell: (o) => <Link to={`/organizations/${o.id}`}>{o.name}</Link> },
          { header: 'Description', cell: (o) => o.description ?? '—' },
          { header: 'Created', cell: (o) => formatTime(o.createdAt) },
        ]}
      />
      <OrganizationTemplate />
    </>
  );
}
