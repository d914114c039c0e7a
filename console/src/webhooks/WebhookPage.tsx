import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Switch } from '@shared/ui/Field';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { DeliveryHistory } from './DeliveryHistory';
import { HookForm, type HookDraft } from './HookForm';
import { SigningKey } from './SigningKey';
import { TestEvent } from './TestEvent';

export function WebhookPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hookKey = [...keys.hooks, id];
  const query = useQuery({
    queryKey: hookKey,
    queryFn: () => unwrap(api.GET('/api/hooks/{id}', { params: { path: { id } } })),
  });
  const update = useMutation({
    mutationFn: (body: Partial<HookDraft> & { enabled?: boolean }) =>
      unwrap(api.PATCH('/api/hooks/{id}', { params: { path: { id } }, body })),
    onSuccess: (hook) => {
      queryClient.setQueryData(hookKey, hook);
      return queryClient.invalidateQueries({ queryKey: [...keys.hooks, 'list'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/hooks/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.hooks });
      navigate('/webhooks');
    },
  });
  const hook = query.data;
  if (!hook) return <Alert error={query.error} />;
  return (
    <>
      <h1>{hook.name}</h1>
      <Switch
        label="Enabled"
        checked={hook.enabled}
        disabled={update.isPending}
        onChange={(enabled) => update.mutate({ enabled })}
        description="A disabled webhook receives nothing; its events are not queued."
      />
      <section className="panel" aria-labelledby="hook-settings">
        <h2 id="hook-settings">Settings</h2>
        <HookForm
          key={hook.id}
          initial={hook}
          submitLabel="Save webhook"
          onSubmit={(draft) => update.mutate(draft)}
          error={update.error}
          pending={update.isPending}
        />
        {update.isSuccess ? <p role="status">Saved.</p> : null}
      </section>
      <SigningKey hook={hook} />
      <TestEvent hook={hook} />
      <DeliveryHistory hookId={hook.id} />
      <section aria-labelledby="hook-delete">
        <h2 id="hook-delete">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete webhook"
          question={`Delete ${hook.name} and its pending deliveries?`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}
