import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { FormPanel } from '@shared/ui/FormPanel';
import { ListPage } from '@shared/ui/ListPage';
import { optionalText } from '@shared/ui/useZodForm';
import { formatTime, keys, useApi } from '../ui/api';
import { useCreateForm } from '../ui/useCreateThenOpen';
import { OrganizationTemplate } from './OrganizationTemplate';

const newOrganization = z.object({
  name: z.string().trim().min(1, 'Enter an organization name.'),
  description: optionalText,
});

export function OrganizationsPage() {
  const api = useApi();
  return (
    <ListPage
      title="Organizations"
      create={<CreateOrganization />}
      searchLabel="Search organizations"
      caption="Organizations"
      queryKey={keys.organizations}
      load={(page, page_size, search) =>
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
    >
      <OrganizationTemplate />
    </ListPage>
  );
}

function CreateOrganization() {
  const api = useApi();
  const { form, errors, panel } = useCreateForm(
    newOrganization,
    { name: '', description: '' },
    {
      create: (body: z.output<typeof newOrganization>) => unwrap(api.POST('/api/organizations', { body })),
      invalidate: keys.organizations,
      to: (organization) => `/organizations/${organization.id}`,
    },
  );
  return (
    <FormPanel title="Create organization" {...panel}>
      <Field label="Organization name" required error={errors.name?.message} {...form.register('name')} />
      <Field label="Description" {...form.register('description')} />
    </FormPanel>
  );
}
