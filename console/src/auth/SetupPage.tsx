import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiCallError, unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { publicClient } from './public-client';
import { useSession } from './SessionProvider';

const administrator = z
  .object({ username: z.string(), password: z.string(), repeat: z.string() })
  .refine(({ password, repeat }) => password === repeat, {
    message: 'The passwords differ.',
    path: ['repeat'],
  });

/** First run: the installation has not been administered yet, so the console offers to create one. */
export function SetupPage() {
  const { signIn } = useSession();
  const form = useZodForm(administrator, { username: '', password: '', repeat: '' });
  const create = useMutation({
    mutationFn: ({ username, password }: z.output<typeof administrator>) =>
      unwrap(publicClient.POST('/api/console/setup', { body: { username, password } })),
  });
  // A refusal of the last attempt is stale once the next one is made, valid or not.
  const submit = form.handleSubmit(
    (values) => create.mutate(values),
    () => create.reset(),
  );
  const mismatch = form.formState.errors.repeat?.message;
  if (create.error instanceof ApiCallError && create.error.code === 'console.setup_done') {
    return <SetupClosed />;
  }
  if (create.isSuccess) {
    return (
      <main className="narrow">
        <h1>Administrator created</h1>
        <p role="status">
          <strong>{create.variables.username}</strong> is the first administrator. Sign in with that username
          and password.
        </p>
        <button type="button" className="primary" onClick={() => void signIn('/console')}>
          Sign in
        </button>
      </main>
    );
  }
  return (
    <main className="narrow">
      <h1>Welcome to Tessera</h1>
      <p>No administrator exists yet. Create the first administrator account to start using the console.</p>
      <form onSubmit={submit} aria-label="Create the first administrator">
        <Field label="Username" {...form.register('username')} required autoComplete="username" />
        <Field
          label="Password"
          type="password"
          {...form.register('password')}
          required
          autoComplete="new-password"
        />
        <Field
          label="Repeat password"
          type="password"
          {...form.register('repeat')}
          required
          autoComplete="new-password"
        />
        {mismatch ? (
          <p role="alert" className="error">
            {mismatch}
          </p>
        ) : null}
        <Alert error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create administrator
        </button>
      </form>
    </main>
  );
}

/** Setup closed while the form was open: someone administered the installation in the meantime. */
function SetupClosed() {
  const { signIn } = useSession();
  return (
    <main className="narrow">
      <h1>Setup is closed</h1>
      <p role="alert">
        This installation has been administered already, so the first administrator can no longer be created
        here. Sign in with an administrator account.
      </p>
      <RecoveryHint />
      <button type="button" className="primary" onClick={() => void signIn('/console')}>
        Sign in
      </button>
    </main>
  );
}

/** The way back in when nobody can sign in as an administrator: a command on the host. */
export function RecoveryHint() {
  return (
    <p>
      No administrator account? An operator can create one on the host with{' '}
      <code>tessera create-admin --username NAME</code>.
    </p>
  );
}
