import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { CopyButton } from '../ui/CopyButton';
import { hasSecrets, typeLabel } from './application-types';
import { ApplicationPermissions } from './ApplicationPermissions';
import { ApplicationRoles } from './ApplicationRoles';
import { ApplicationSecrets } from './ApplicationSecrets';
import { ApplicationSettings } from './ApplicationSettings';
import { forgetSecret, peekSecret } from './secret-once';
import { TokenExchangeSection } from './TokenExchangeSection';

export function ApplicationPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [...keys.applications, id],
    queryFn: () => unwrap(api.GET('/api/applications/{id}', { params: { path: { id } } })),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/applications/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.applications });
      navigate('/applications');
    },
  });
  const app = query.data;
  if (!app) return <Alert error={query.error} />;
  return (
    <>
      <h1>{app.name}</h1>
      <p className="muted">
        {typeLabel(app.type)} · App ID <code>{app.id}</code>
        {app.isThirdParty ? ' · Third-party' : ' · First-party'}
      </p>
      <SecretOnce appId={app.id} />
      <ApplicationSettings app={app} />
      {hasSecrets(app.type) ? <ApplicationSecrets appId={app.id} /> : null}
      {app.isThirdParty ? <ApplicationPermissions appId={app.id} /> : null}
      <TokenExchangeSection app={app} />
      {app.type === 'MachineToMachine' ? <ApplicationRoles appId={app.id} /> : null}
      <section aria-labelledby="danger-zone">
        <h2 id="danger-zone">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete application"
          question={`Delete ${app.name}? Its tokens stop working.`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}

/** The secret of a newly created application, shown this once with a copy button. */
function SecretOnce({ appId }: { appId: string }) {
  const [secret, setSecret] = useState(() => peekSecret(appId));
  useEffect(() => () => forgetSecret(appId), [appId]);
  if (!secret) return null;
  return (
    <section className="panel notice" aria-labelledby="secret-once">
      <h2 id="secret-once">New app secret</h2>
      <p>Copy the secret now: it is shown only this once.</p>
      <p>
        <code aria-label="App secret">{secret}</code> <CopyButton value={secret} label="Copy secret" />
      </p>
      <button type="button" onClick={() => setSecret(undefined)}>
        I have saved the secret
      </button>
    </section>
  );
}
