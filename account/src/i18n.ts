import { catalogsFromFiles } from '@shared/i18n/catalogs';
import { pickLanguage, type LanguageInfo } from '@shared/i18n/languages';
import { startI18n } from '@shared/i18n/setup';

/** Every account center catalog: `locales/<language>/<namespace>.json`, bundled (nothing fetched). */
export const accountCatalogs = catalogsFromFiles(import.meta.glob('./locales/*/*.json', { eager: true }));

/** The browser's language among the shipped ones, in the order the sign-in experience sets. */
export function startAccountI18n(languageInfo: LanguageInfo | undefined) {
  return startI18n(accountCatalogs, pickLanguage(undefined, navigator.languages, languageInfo));
}
