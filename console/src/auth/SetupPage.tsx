import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiCallError, unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { publicClient } from './public-client';
import { useSession } from './SessionProvider';

/** First run: the installation has not been administered yet, so the console offers to create one. */
export function SetupPage() {
  const { signIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const create = useMutation({
    mutationFn: () => unwrap(publicClient.POST('/api/console/setup', { body: { username, password } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== repeat);
    if (password === repeat) create.mutate();
  };
  if (create.error instanceof ApiCallError && create.error.code === 'console.setup_done') {
    return <SetupClosed />;
  }
  if (create.isSuccess) {
    return (
      <main className="narrow">
        <h1>Administrator created</h1>
        <p role="status">
          <strong>{username}</strong> is the first administrator. Sign in with that username and password.
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
        <Field
          label="Username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          autoComplete="username"
        />
        <Field
          label="Password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          autoComplete="new-password"
        />
        <Field
          label="Repeat password"
          type="password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          required
          autoComplete="new-password"
        />
        {mismatch ? (
          <p role="alert" className="error">
            The passwords differ.
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
