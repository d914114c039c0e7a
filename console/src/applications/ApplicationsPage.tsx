import { Link } from 'react-router-dom';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Check, Field, Select } from '@shared/ui/Field';
import { FormPanel } from '@shared/ui/FormPanel';
import { ListPage } from '@shared/ui/ListPage';
import { optionalText } from '@shared/ui/useZodForm';
import { keys, useApi } from '../ui/api';
import { substringSearch } from '../ui/search';
import { useCreateForm } from '../ui/useCreateThenOpen';
import { applicationTypes, typeLabel } from './application-types';
import { rememberSecret } from './secret-once';

const newApplication = z.object({
  name: z.string().trim().min(1, 'Enter an application name.'),
  type: z.enum(applicationTypes),
  description: optionalText,
  isThirdParty: z.boolean(),
});

export function ApplicationsPage() {
  const api = useApi();
  return (
    <ListPage
      title="Applications"
      create={<CreateApplication />}
      listHeading="All applications"
      searchLabel="Search applications"
      caption="Applications"
      queryKey={keys.applications}
      load={(page, page_size, search) =>
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
  );
}

function CreateApplication() {
  const api = useApi();
  const { form, errors, panel } = useCreateForm(
    newApplication,
    {
      name: '',
      type: 'Traditional',
      description: '',
      isThirdParty: false,
    },
    {
      create: async (body: z.output<typeof newApplication>) => {
        const app = await unwrap(api.POST('/api/applications', { body }));
        rememberSecret(app.id, app.secret);
        return app;
      },
      invalidate: keys.applications,
      to: (app) => `/applications/${app.id}`,
    },
  );
  return (
    <FormPanel
      title="Create application"
      {...panel}
      below={<Check label="Third-party application" {...form.register('isThirdParty')} />}
    >
      <Field label="Application name" required error={errors.name?.message} {...form.register('name')} />
      <Select
        label="Application type"
        options={applicationTypes.map((value) => ({ value, label: typeLabel(value) }))}
        {...form.register('type')}
      />
      <Field label="Description" {...form.register('description')} />
    </FormPanel>
  );
}
