import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field, Select } from '@shared/ui/Field';
import { PagedTable } from '@shared/ui/PagedTable';
import { substringSearch } from '../ui/search';
import { applicationTypes, typeLabel, type ApplicationType } from './application-types';
import { rememberSecret } from './secret-once';

export function ApplicationsPage() {
  const api = useApi();
  const [search, setSearch] = useState('');
  return (
    <>
      <h1>Applications</h1>
      <CreateApplication />
      <h2>All applications</h2>
      <Field
        label="Search applications"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <PagedTable
        caption="Applications"
        queryKey={[...keys.applications, { search }]}
        load={(page, page_size) =>
          unwrapPage(
            api.GET('/api/applications', {
              params: { query: { page, page_size, search: substringSearch(search) } },
            }),
          )
        }
        rowKey={(app) => app.id}
        columns={[
          { header: 'Name', cell: (app) => <Link to={`/applications/${app.id}`}>{app.name}</Link> },
          { header: 'Type', cell: (app) => typeLabel(app.type) },
          { header: 'App ID', cell: (app) => <code>{app.id}</code> },
          {
            header: 'Token exchange',
            cell: (app) => (app.customClientMetadata.allowTokenExchange ? 'Allowed' : 'Off'),
          },
        ]}
      />
    </>
  );
}

function CreateApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [type, setType] = useState<ApplicationType>('Traditional');
  const [description, setDescription] = useState('');
  const [isThirdParty, setThirdParty] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/applications', {
          body: { name, type, description: description || undefined, isThirdParty },
        }),
      ),
    onSuccess: async (app) => {
      rememberSecret(app.id, app.secret);
      await queryClient.invalidateQueries({ queryKey: keys.applications });
      navigate(`/applications/${app.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Create application">
      <h2>Create application</h2>
      <div className="row">
        <Field label="Application name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Select
          label="Application type"
          value={type}
          onChange={(e) => setType(e.target.value as ApplicationType)}
          options={applicationTypes.map((value) => ({ value, label: typeLabel(value) }))}
        />
        <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <label className="check">
        <input type="checkbox" checked={isThirdParty} onChange={(e) => setThirdParty(e.target.checked)} />{' '}
        Third-party application
      </label>
      <Alert error={create.error} />
      <button type="submit" className="primary" disabled={create.isPending}>
        Create application
      </button>
    </form>
  );
}
