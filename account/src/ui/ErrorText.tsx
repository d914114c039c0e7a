import { ApiCallError } from '@shared/api/client';
import { useTranslation } from 'react-i18next';

/** An error in the page's language: known codes have their own words, others the service's message. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  const code = error instanceof ApiCallError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const text = code ? t(code.replaceAll('.', '__'), { defaultValue: message }) : t('unknown');
  return (
    <p role="alert" className="error">
      {text}
    </p>
  );
}
