import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { unwrap, unwrapPage } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';

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
  const [domain, setDomain] = useState('');
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/organizations/{id}/jit/email-domains', {
          params: { path: { id: organizationId } },
          body: { emailDomain: domain },
        }),
      ),
    onSuccess: () => (setDomain(''), queryClient.invalidateQueries({ queryKey: domainsKey })),
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
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
      <form className="row" onSubmit={submit} aria-label="Add e-mail domain">
        <Field
          label="E-mail domain"
          placeholder="example.com"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          required
        />
        <button type="submit">Add domain</button>
      </form>
      <Alert error={domains.error ?? add.error ?? remove.error} />
    </section>
  );
}
