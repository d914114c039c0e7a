import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { OneFieldForm } from '@shared/ui/RowForm';
import { keys, useApi } from '../ui/api';

/** Just-in-time provisioning: users with a verified e-mail of these domains join on sign-up. */
export function JitDomains({ organizationId }: { organizationId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const domainsKey = [...keys.organizations, organizationId, 'jit-domains'];
  const domains = useQuery({
    queryKey: domainsKey,
    queryFn: () =>
      unwrapPage(
        api.GET('/api/organizations/{id}/jit/email-domains', {
          params: { path: { id: organizationId }, query: { page: 1, page_size: 100 } },
        }),
      ),
  });
  const add = useMutation({
    mutationFn: (domain: string) =>
      unwrap(
        api.POST('/api/organizations/{id}/jit/email-domains', {
          params: { path: { id: organizationId } },
          body: { emailDomain: domain },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey }),
  });
  const remove = useMutation({
    mutationFn: (emailDomain: string) =>
      unwrap(
        api.DELETE('/api/organizations/{id}/jit/email-domains/{emailDomain}', {
          params: { path: { id: organizationId, emailDomain } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey }),
  });
  return (
    <section className="panel" aria-labelledby="org-jit-domains">
      <h2 id="org-jit-domains">E-mail domains</h2>
      <p className="muted">
        Users who sign up with a verified e-mail address of one of these domains join this organization.
      </p>
      <ul>
        {domains.data?.items.map((entry) => (
          <li key={entry.emailDomain}>
            <code>{entry.emailDomain}</code>{' '}
            <button
              type="button"
              aria-label={`Remove domain ${entry.emailDomain}`}
              onClick={() => remove.mutate(entry.emailDomain)}
            >
              Remove
            </button>
          </li>
        ))}
        {domains.data?.items.length === 0 ? <li className="muted">No e-mail domains.</li> : null}
      </ul>
      <OneFieldForm
        label="Add e-mail domain"
        fieldLabel="E-mail domain"
        placeholder="example.com"
        submitLabel="Add domain"
        onAdd={add.mutateAsync}
      />
      <Alert error={domains.error ?? add.error ?? remove.error} />
    </section>
  );
}
