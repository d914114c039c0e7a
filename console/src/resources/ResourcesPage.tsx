import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';

export function ResourcesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [indicator, setIndicator] = useState('');
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/api/resources', { body: { name, indicator } })),
    onSuccess: async (resource) => {
      await queryClient.invalidateQueries({ queryKey: keys.resources });
      navigate(`/resources/${resource.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <h1>API resources</h1>
      <form className="panel" onSubmit={submit} aria-label="Create API resource">
        <h2>Create API resource</h2>
        <div className="row">
          <Field label="API name" value={name} onChange={(e) => setName(e.target.value)} required />
          <Field
            label="API identifier"
            type="url"
            placeholder="https://api.example.com"
            value={indicator}
            onChange={(e) => setIndicator(e.target.value)}
            required
          />
        </div>
        <Alert error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create API resource
        </button>
      </form>
      <Field
        label="Search API resources"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <PagedTable
        caption="API resources"
        queryKey={[...keys.resources, 'list', { search }]}
        load={(page, page_size) =>
          unwrapPage(
            api.GET('/api/resources', {
              params: { query: { page, page_size, search: search || undefined } },
            }),
          )
        }
        rowKey={(resource) => resource.id}
        columns={[
          {
            header: 'Name',
            cell: (resource) => <Link to={`/resources/${resource.id}`}>{resource.name}</Link>,
          },
          { header: 'Identifier', cell: (resource) => <code>{resource.indicator}</code> },
          { header: 'Token lifetime', cell: (resource) => `${resource.accessTokenTtl} s` },
        ]}
      />
    </>
  );
}
