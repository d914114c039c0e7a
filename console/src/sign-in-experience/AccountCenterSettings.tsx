import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select, Switch } from '@shared/ui/Field';
import { useApi } from '../ui/api';

type Control = 'Off' | 'ReadOnly' | 'Edit';

const fields = [
  ['name', 'Name'],
  ['avatar', 'Avatar'],
  ['username', 'Username'],
  ['email', 'E-mail address'],
  ['phone', 'Phone number'],
  ['password', 'Password'],
  ['mfa', 'Two-step verification'],
  ['social', 'Social identities'],
  ['profile', 'Profile claims'],
  ['customData', 'Custom data'],
] as const;
type FieldName = (typeof fields)[number][0];

const controls: { value: Control; label: string }[] = [
  { value: 'Off', label: 'Off (hidden)' },
  { value: 'ReadOnly', label: 'Read only' },
  { value: 'Edit', label: 'Edit' },
];

/**
 * Logto's account center settings: whether users manage their own account at /account (and
 * through the Account API), and per field whether they see it and may change it.
 */
export function AccountCenterSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['account-center'],
    queryFn: () => unwrap(api.GET('/api/account-center')),
  });
  const save = useMutation({
    mutationFn: (body: { enabled?: boolean; fields?: Partial<Record<FieldName, Control>> }) =>
      unwrap(api.PATCH('/api/account-center', { body })),
    onSuccess: (updated) => queryClient.setQueryData(['account-center'], updated),
  });
  const [draft, setDraft] = useState<Partial<Record<FieldName, Control>>>({});
  const current = settings.data;
  return (
    <section className="panel" aria-labelledby="account-center">
      <h2 id="account-center">Account center</h2>
      <Alert error={settings.error} />
      {current ? (
        <>
          <Switch
            label="Users manage their own account"
            checked={current.enabled}
            disabled={save.isPending}
            onChange={(enabled) => save.mutate({ enabled })}
            description={
              <>
                The account center at <a href="/account">/account</a> and the Account API; applications link
                to it. Off, both refuse every request.
              </>
            }
          />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ fields: draft }, { onSuccess: () => setDraft({}) });
            }}
          >
            {fields.map(([name, label]) => (
              <Select
                key={name}
                label={label}
                options={controls}
                value={draft[name] ?? current.fields[name] ?? 'Off'}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value as Control })}
              />
            ))}
            <button type="submit" className="primary" disabled={save.isPending}>
              Save account center fields
            </button>
          </form>
          {save.isSuccess ? <p role="status">Account center saved.</p> : null}
          <Alert error={save.error} />
        </>
      ) : null}
    </section>
  );
}
