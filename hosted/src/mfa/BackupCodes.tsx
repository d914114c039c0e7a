import { useTranslation } from 'react-i18next';
import { Alert } from '@shared/ui/Alert';

/** The backup codes, shown this once: the person confirms they kept them. */
export function BackupCodes(props: { codes: string[]; busy: boolean; error: unknown; onSaved: () => void }) {
  const { t } = useTranslation('mfa');
  return (
    <div className="stack">
      <p>{t('backup.text')}</p>
      <ul className="codes" aria-label={t('backup.label')}>
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Alert error={props.error} />
      <button type="button" className="primary" disabled={props.busy} onClick={props.onSaved}>
        {t('backup.saved')}
      </button>
    </div>
  );
}
