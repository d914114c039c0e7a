import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { FormPanel } from '@shared/ui/FormPanel';
import { ListPage } from '@shared/ui/ListPage';
import { keys, useApi } from '../ui/api';
import { useCreateForm } from '../ui/useCreateThenOpen';

const newResource = z.object({
  name: z.string().trim().min(1, 'Enter an API name.'),
  indicator: z.url('Enter the API identifier as an absolute URL.'),
});

export function ResourcesPage() {
  const api = useApi();
  return (
    <ListPage
      title="API resources"
      create={<CreateResource />}
      searchLabel="Search API resources"
      caption="API resources"
      queryKey={keys.resources}
      load={(page, page_size, search) =>
        unwrapPage(
          api.GET('/api/resources', { params: { query: { page, page_size, search: search || undefined } } }),
        )
      }
      rowKey={(resource) => resource.id}
      columns={[
        { header: 'Name', cell: (resource) => <Link to={`/resources/${resource.id}`}>{resource.name}</Link> },
        { header: 'Identifier', cell: (resource) => <code>{resource.indicator}</code> },
        { header: 'Token lifetime', cell: (resource) => `${resource.accessTokenTtl} s` },
      ]}
    />
  );
}

function CreateResource() {
  const api = useApi();
  const { form, errors, panel } = useCreateForm(
    newResource,
    { name: '', indicator: '' },
    {
      create: (body: z.output<typeof newResource>) => unwrap(api.POST('/api/resources', { body })),
      invalidate: keys.resources,
      to: (resource) => `/resources/${resource.id}`,
    },
  );
  return (
    <FormPanel title="Create API resource" {...panel}>
      <Field label="API name" required error={errors.name?.message} {...form.register('name')} />
      <Field
        label="API identifier"
        type="url"
        placeholder="https://api.example.com"
        required
        error={errors.indicator?.message}
        {...form.register('indicator')}
      />
    </FormPanel>
  );
}
