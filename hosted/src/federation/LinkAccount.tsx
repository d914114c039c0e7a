import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('federation');
  const { busy, error, run } = useAction();
  const link = () =>
    void run(async () => {
      await identify(verificationId, { linkSocialIdentity: true });
      await finish(navigate);
    });
  return (
    <Card title={t('link.title')}>
      <div className="stack">
        <p className="status">{t('link.question', { account })}</p>
        <p className="status hint">{t('link.hint')}</p>
        <Alert error={error} />
        <div className="actions">
          <a className="button" href="/sign-in">
            {t('link.notNow')}
          </a>
          <button type="button" className="primary" disabled={busy} onClick={link}>
            {t('link.confirm')}
          </button>
        </div>
      </div>
    </Card>
  );
}
