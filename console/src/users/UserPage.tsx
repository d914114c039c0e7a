import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Switch } from '@shared/ui/Field';
import { formatTime, keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ImpersonatePanel } from './ImpersonatePanel';
import { ImpersonationTrail } from './ImpersonationTrail';
import { PersonalAccessTokens } from './PersonalAccessTokens';
import { UserRoles } from './UserRoles';

export function UserPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userKey = [...keys.users, id];
  const query = useQuery({
    queryKey: userKey,
    queryFn: () => unwrap(api.GET('/api/users/{userId}', { params: { path: { userId: id } } })),
  });
  const suspend = useMutation({
    mutationFn: (isSuspended: boolean) =>
      unwrap(
        api.PATCH('/api/users/{userId}/is-suspended', {
          params: { path: { userId: id } },
          body: { isSuspended },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.users }),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/users/{userId}', { params: { path: { userId: id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.users });
      navigate('/users');
    },
  });
  const user = query.data;
  if (!user) return <Alert error={query.error} />;
  const title = user.username ?? user.primaryEmail ?? user.id;
  return (
    <>
      <h1>{title}</h1>
      <dl className="facts">
        <dt>User ID</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
        <dt>E-mail</dt>
        <dd>{user.primaryEmail ?? '—'}</dd>
        <dt>Last sign-in</dt>
        <dd>{formatTime(user.lastSignInAt)}</dd>
        <dt>Created</dt>
        <dd>{formatTime(user.createdAt)}</dd>
      </dl>
      <Switch
        label="Suspended"
        checked={user.isSuspended}
        disabled={suspend.isPending}
        onChange={(checked) => suspend.mutate(checked)}
        description="A suspended user cannot sign in, and no token can be issued for them."
      />
      <Alert error={suspend.error} />
      <ImpersonatePanel userId={user.id} userName={title} />
      <ImpersonationTrail userId={user.id} />
      <UserRoles userId={user.id} />
      <PersonalAccessTokens userId={user.id} />
      <section aria-labelledby="user-delete">
        <h2 id="user-delete">Delete</h2>
        <Alert error={remove.error} />
        <ConfirmButton
          label="Delete user"
          question={`Delete ${title}?`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate()}
        />
      </section>
    </>
  );
}
