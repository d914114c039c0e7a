import { useNavigate } from 'react-router-dom';
import { Alert } from '@shared/ui/Alert';
import { useAction } from '@shared/ui/useAction';
import { finish, identify } from '../experience';
import { Card } from '../ui/Card';

/**
 * The provider vouched for an e-mail address an account here already has: the identity is
 * linked to that account only when the person says so.
 */
export function LinkAccount({ verificationId, account }: { verificationId: string; account: string }) {
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const link = () =>
    void run(async () => {
      await identify(verificationId, { linkSocialIdentity: true });
      await finish(navigate);
    });
  return (
    <Card title="Link your account">
      <div className="stack">
        <p className="status">Link to your existing account {account}?</p>
        <p className="status hint">You can then sign in to it either way.</p>
        <Alert error={error} />
        <div className="actions">
          <a className="button" href="/sign-in">
            Not now
          </a>
          <button type="button" className="primary" disabled={busy} onClick={link}>
            Link and continue
          </button>
        </div>
      </div>
    </Card>
  );
}
