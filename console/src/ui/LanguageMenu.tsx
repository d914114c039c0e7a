import { useTranslation } from 'react-i18next';
import { languageNames, shippedLanguages, type ShippedLanguage } from '@shared/i18n/languages';
import { chooseConsoleLanguage } from '../i18n';

/** The console chrome's language; the feature pages stay in English. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('chrome');
  return (
    <label className="language">
      <span>{t('language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => void chooseConsoleLanguage(event.target.value as ShippedLanguage)}
      >
        {shippedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
