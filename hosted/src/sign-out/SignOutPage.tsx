import { meta } from '../meta';
import { Card } from '../ui/Card';

/** RP-initiated logout: a real form posting oidc-provider's action and token (no script needed). */
export function SignOutPage() {
  const application = meta('application');
  return (
    <Card title="Sign out">
      <p>{application ? `${application} asks to sign you out.` : 'Do you want to sign out?'}</p>
      <form method="post" action={meta('action')}>
        <input type="hidden" name="xsrf" value={meta('xsrf') ?? ''} />
        <div className="actions">
          <button type="submit">Stay signed in</button>
          <button type="submit" className="primary" name="logout" value="yes" autoFocus>
            Sign out
          </button>
        </div>
      </form>
    </Card>
  );
}

export function SignedOutPage() {
  return (
    <Card title="You are signed out">
      <p role="status">You can close this window.</p>
    </Card>
  );
}
