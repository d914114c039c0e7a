import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { NameDescriptionForm } from '../ui/NameDescriptionForm';
import { Tabs } from '../ui/Tabs';
import { Invitations } from './Invitations';
import { JustInTime } from './JustInTime';
import { Members } from './Members';

export function OrganizationPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const organization = useQuery({
    queryKey: [...keys.organizations, id],
    queryFn: () => unwrap(api.GET('/api/organizations/{id}', { params: { path: { id } } })),
  });
  const save = useMutation({
    mutationFn: (body: { name: string; description: string }) =>
      unwrap(api.PATCH('/api/organizations/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.organizations }),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/organizations/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.organizations });
      navigate('/organizations');
    },
  });
  if (!organization.data) return <Alert error={organization.error} />;
  return (
    <>
      <h1>{organization.data.name}</h1>
      <Tabs
        label="Organization"
        tabs={[
          {
            id: 'settings',
            label: 'Settings',
            content: () => (
              <>
                <NameDescriptionForm
                  initial={organization.data}
                  onSave={(body) => save.mutate(body)}
                  mutation={save}
                />
                <section aria-labelledby="org-delete">
                  <h2 id="org-delete">Delete</h2>
                  <Alert error={remove.error} />
                  <ConfirmButton
                    label="Delete organization"
                    question={`Delete ${organization.data.name}? Its memberships end.`}
                    confirmLabel="Delete"
                    onConfirm={() => remove.mutate()}
                  />
                </section>
              </>
            ),
          },
          {
            id: 'members',
            label: 'Members',
            content: () => (
              <>
                <Members organizationId={id} />
                <Invitations organizationId={id} />
              </>
            ),
          },
          {
            id: 'jit',
            label: 'Just-in-time provisioning',
            content: () => <JustInTime organizationId={id} />,
          },
        ]}
      />
    </>
  );
}
