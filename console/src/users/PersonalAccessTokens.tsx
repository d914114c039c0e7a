import { AuditedReveal } from '../ui/AuditedReveal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field, Select } from '@shared/ui/Field';
import { RowForm } from '@shared/ui/RowForm';
import { useZodForm } from '@shared/ui/useZodForm';
import { formatTime, keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { CopyButton } from '../ui/CopyButton';

const DAY = 24 * 60 * 60 * 1000;
const lifetimes = [
  { value: '', label: 'Never' },
  { value: String(7 * DAY), label: '7 days' },
  { value: String(30 * DAY), label: '30 days' },
  { value: String(90 * DAY), label: '90 days' },
  { value: String(365 * DAY), label: '1 year' },
];
const newToken = z.object({ name: z.string().trim().min(1, 'Required.'), lifetime: z.string() });

/**
 * A user's personal access tokens. Listing them shows their values and is an audited reveal on
 * the service, so the list is fetched only when asked for; a new token's value is shown once here.
 */
export function PersonalAccessTokens({ userId }: { userId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [created, setCreated] = useState<{ name: string; value: string } | null>(null);
  const listKey = [...keys.users, userId, 'personal-access-tokens'];
  const path = { params: { path: { userId } } };
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => unwrap(api.GET('/api/users/{userId}/personal-access-tokens', path)),
    enabled: shown,
    gcTime: 0,
    staleTime: 0,
  });
  const form = useZodForm(newToken, { name: '', lifetime: '' });
  const create = useMutation({
    mutationFn: ({ name, lifetime }: z.output<typeof newToken>) =>
      unwrap(
        api.POST('/api/users/{userId}/personal-access-tokens', {
          ...path,
          body: { name, expiresAt: lifetime ? Date.now() + Number(lifetime) : null },
        }),
      ),
    onSuccess: (token) => {
      setCreated({ name: token.name, value: token.value ?? '' });
      form.reset();
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.DELETE('/api/users/{userId}/personal-access-tokens/{name}', {
          params: { path: { userId, name } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });

  return (
    <section className="panel" aria-labelledby="user-pats">
      <h2 id="user-pats">Personal access tokens</h2>
      <p className="muted">
        An application allowed to exchange tokens trades a personal access token at the token endpoint for an
        access token of this user.
      </p>
      <RowForm
        label="Create personal access token"
        submitLabel="Create token"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
      >
        <Field
          label="Token name"
          required
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Select label="Expires after" options={lifetimes} {...form.register('lifetime')} />
      </RowForm>
      <Alert error={create.error} />
      {created ? (
        <p>
          Token {created.name} created: <code aria-label={`Value of ${created.name}`}>{created.value}</code>{' '}
          <CopyButton value={created.value} label={`Copy ${created.name}`} />
        </p>
      ) : null}
      <Alert error={remove.error ?? list.error} />
      <AuditedReveal shown={shown} onShownChange={setShown} what="tokens" revealLabel="Show tokens">
        <table>
          <caption className="visually-hidden">Personal access tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((token) => (
              <tr key={token.name}>
                <td>{token.name}</td>
                <td>
                  {token.value === null ? (
                    <span className="muted">Not readable</span>
                  ) : (
                    <code aria-label={`Value of ${token.name}`}>{token.value}</code>
                  )}
                </td>
                <td>{token.expiresAt === null ? 'Never' : formatTime(token.expiresAt)}</td>
                <td>
                  <ConfirmButton
                    label={`Delete ${token.name}`}
                    question={`Delete the personal access token ${token.name}? It stops working at once.`}
                    confirmLabel="Delete"
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(token.name)}
                  />
                </td>
              </tr>
            ))}
            {list.data?.length === 0 ? (
              <tr>
                <td colSpan={4} className="muted">
                  No personal access tokens.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </AuditedReveal>
    </section>
  );
}
