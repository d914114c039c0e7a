import { useTranslation } from 'react-i18next';

/** Said at the identifier step when the e-mail's domain signs in through its organization. */
export function SsoNotice({ connector }: { connector: { connectorName: string } }) {
  const { t } = useTranslation('federation');
  return (
    <p className="status" role="status">
      {t('sso.notice', { connector: connector.connectorName })}
    </p>
  );
}
