import { useSession } from './SessionProvider';
import { RecoveryHint } from './SetupPage';

/** Before sign-in, after sign-out, and when the session has ended (expired or refused). */
export function SignedOutPage({ reason }: { reason: 'new' | 'signed-out' | 'ended' }) {
  const { signIn } = useSession();
  const text = {
    new: { title: 'Tessera console', body: 'Sign in with an administrator account.' },
    'signed-out': { title: 'You have signed out', body: 'Your console session is closed.' },
    ended: {
      title: 'Your session has ended',
      body: 'The sign-in expired or could not be renewed. Sign in again to go on where you were.',
    },
  }[reason];
  return (
    <main className="narrow">
      <h1>{text.title}</h1>
      <p>{text.body}</p>
      {reason === 'new' ? <RecoveryHint /> : null}
      <button
        type="button"
        className="primary"
        onClick={() => void signIn(reason === 'signed-out' ? '/console' : undefined)}
      >
        {reason === 'new' ? 'Sign in' : 'Sign in again'}
      </button>
    </main>
  );
}
