import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { unwrap } from '@shared/api/client';
import { keys, useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Field, TextArea } from '@shared/ui/Field';
import type { Application } from './application-types';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function ApplicationSettings({ app }: { app: Application }) {
  const api = useApi();
  const interactive = app.type !== 'MachineToMachine';
  const queryClient = useQueryClient();
  const [name, setName] = useState(app.name);
  const [description, setDescription] = useState(app.description ?? '');
  const [redirects, setRedirects] = useState(app.oidcClientMetadata.redirectUris.join('\n'));
  const [logouts, setLogouts] = useState(app.oidcClientMetadata.postLogoutRedirectUris.join('\n'));
  const [isThirdParty, setThirdParty] = useState(app.isThirdParty);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/applications/{id}', {
          params: { path: { id: app.id } },
          body: {
            name,
            description: description || null,
            ...(interactive ? { isThirdParty } : {}),
            oidcClientMetadata: { redirectUris: lines(redirects), postLogoutRedirectUris: lines(logouts) },
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.applications }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Application settings">
      <h2>Settings</h2>
      <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} required />
      <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      {interactive ? (
        <>
          <TextArea
            label="Redirect URIs"
            hint="One per line."
            rows={3}
            value={redirects}
            onChange={(e) => setRedirects(e.target.value)}
          />
          <TextArea
            label="Post sign-out redirect URIs"
            hint="One per line."
            rows={2}
            value={logouts}
            onChange={(e) => setLogouts(e.target.value)}
          />
          <label>
            <input type="checkbox" checked={isThirdParty} onChange={(e) => setThirdParty(e.target.checked)} />{' '}
            Third-party application
          </label>
        </>
      ) : null}
      <Alert error={save.error} />
      <button type="submit" className="primary" disabled={save.isPending}>
        Save settings
      </button>
      {save.isSuccess ? <span role="status"> Saved.</span> : null}
    </form>
  );
}
