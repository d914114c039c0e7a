import { useTranslation } from 'react-i18next';
import { meta } from '../meta';
import { Card } from '../ui/Card';

/** RP-initiated logout: a real form posting oidc-provider's action and token (no script needed). */
export function SignOutPage() {
  const { t } = useTranslation('sign-out');
  const application = meta('application');
  return (
    <Card title={t('title')}>
      <p>{application ? t('askedBy', { application }) : t('question')}</p>
      <form method="post" action={meta('action')}>
        <input type="hidden" name="xsrf" value={meta('xsrf') ?? ''} />
        <div className="actions">
          <button type="submit">{t('stay')}</button>
          <button type="submit" className="primary" name="logout" value="yes" autoFocus>
            {t('confirm')}
          </button>
        </div>
      </form>
    </Card>
  );
}

export function SignedOutPage() {
  const { t } = useTranslation('sign-out');
  return (
    <Card title={t('doneTitle')}>
      <p role="status">{t('doneText')}</p>
    </Card>
  );
}
