import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { unwrap, unwrapPage } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useSession } from '../auth/SessionProvider';
import { keys, useApi } from '../ui/api';
import { useAllResources, useResourceScopes } from '../resources/queries';
import { ContextEntries, toContext } from './ContextEntries';
import { SubjectTokenResult, type IssuedToken } from './SubjectTokenResult';

const impersonation = z.object({
  appId: z.string(),
  resourceId: z.string(),
  scopes: z.array(z.string()),
  entries: z.array(z.object({ key: z.string(), value: z.string() })),
});

/**
 * Support staff impersonating a user: choose the application that will exchange the token, the
 * API resource and scopes, give the context (ticket, reason), and get a subject token with the
 * exact exchange call to make.
 */
export function ImpersonatePanel({ userId, userName }: { userId: string; userName: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { config } = useSession();
  const form = useZodForm(impersonation, {
    appId: '',
    resourceId: '',
    scopes: [],
    entries: [
      { key: 'ticketId', value: '' },
      { key: 'reason', value: '' },
    ],
  });
  const { appId, resourceId, scopes } = form.watch();
  const [issued, setIssued] = useState<IssuedToken | null>(null);

  const apps = useQuery({
    queryKey: [...keys.applications, 'all'],
    queryFn: () =>
      unwrapPage(api.GET('/api/applications', { params: { query: { page: 1, page_size: 100 } } })),
  });
  const resources = useAllResources();
  const resourceScopes = useResourceScopes(resourceId);
  const exchangers = (apps.data?.items ?? []).filter((app) => app.customClientMetadata.allowTokenExchange);
  const app = exchangers.find((candidate) => candidate.id === appId);
  const resource = resources.data?.items.find((candidate) => candidate.id === resourceId);

  const request = useMutation({
    mutationFn: ({ entries }: z.output<typeof impersonation>) =>
      unwrap(api.POST('/api/subject-tokens', { body: { userId, context: toContext(entries) } })),
    onSuccess: (answer) => {
      setIssued({
        ...answer,
        expiresAt: Date.now() + answer.expiresIn * 1000,
        issuer: config?.issuer ?? '',
        app: { id: app!.id, confidential: app!.type !== 'SPA' && app!.type !== 'Native' },
        resource: resource!.indicator,
        scopes,
      });
      return queryClient.invalidateQueries({ queryKey: [...keys.logs, 'impersonation', userId] });
    },
  });
  const submit = form.handleSubmit((values) => request.mutate(values));
  const toggleScope = (name: string, on: boolean) =>
    form.setValue('scopes', on ? [...scopes, name] : scopes.filter((scope) => scope !== name));

  return (
    <section className="panel" aria-labelledby="impersonate">
      <h2 id="impersonate">Impersonate</h2>
      <p className="muted">
        Issue a one-time subject token for {userName}; the chosen application exchanges it at the token
        endpoint for an access token that acts as this user.
      </p>
      <form onSubmit={submit} aria-label="Impersonate user">
        <div className="row">
          <Select
            label="Application"
            required
            options={[
              { value: '', label: 'Choose an application' },
              ...exchangers.map((a) => ({ value: a.id, label: a.name })),
            ]}
            {...form.register('appId')}
          />
          <Select
            label="API resource"
            required
            options={[
              { value: '', label: 'Choose an API resource' },
              ...(resources.data?.items ?? []).map((r) => ({
                value: r.id,
                label: `${r.name} (${r.indicator})`,
              })),
            ]}
            {...form.register('resourceId', { onChange: () => form.setValue('scopes', []) })}
          />
        </div>
        {exchangers.length === 0 && apps.data ? (
          <p className="muted">
            No application allows token exchange yet: turn it on in the application's Token exchange section.
          </p>
        ) : null}
        {resourceScopes.data ? (
          <fieldset>
            <legend>Scopes</legend>
            {resourceScopes.data.items.map((scope) => (
              <label key={scope.id} className="check">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope.name)}
                  onChange={(e) => toggleScope(scope.name, e.target.checked)}
                />{' '}
                {scope.name}
              </label>
            ))}
            {resourceScopes.data.items.length === 0 ? (
              <p className="muted">This resource has no scopes.</p>
            ) : null}
          </fieldset>
        ) : null}
        <Controller
          control={form.control}
          name="entries"
          render={({ field }) => <ContextEntries entries={field.value} onChange={field.onChange} />}
        />
        <Alert error={request.error} />
        <button
          type="submit"
          className="primary"
          disabled={!app || !resource || scopes.length === 0 || request.isPending}
        >
          Request subject token
        </button>
      </form>
      {issued ? <SubjectTokenResult issued={issued} /> : null}
    </section>
  );
}
