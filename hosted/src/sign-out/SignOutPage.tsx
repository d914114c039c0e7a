import { useTranslation } from 'react-i18next';
import { meta } from '../meta';
import { Card } from '../ui/Card';

/** RP-initiated logout: a real form posting oidc-provider's action and token (no script needed). */
export function SignOutPage() {
  const { t } = useTranslation();
  const application = meta('application');
  return (
    <Card title={t('signOut.title')}>
      <p>{application ? t('signOut.askedBy', { application }) : t('signOut.question')}</p>
      <form method="post" action={meta('action')}>
        <input type="hidden" name="xsrf" value={meta('xsrf') ?? ''} />
        <div className="actions">
          <button type="submit">{t('signOut.stay')}</button>
          <button type="submit" className="primary" name="logout" value="yes" autoFocus>
            {t('signOut.confirm')}
          </button>
        </div>
      </form>
    </Card>
  );
}

export function SignedOutPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('signOut.doneTitle')}>
      <p role="status">{t('signOut.doneText')}</p>
    </Card>
  );
}
