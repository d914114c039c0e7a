import i18next from 'i18next';
import { catalogsFromFiles } from '@shared/i18n/catalogs';
import { matchShipped, pickLanguage, type ShippedLanguage } from '@shared/i18n/languages';
import { startI18n } from '@shared/i18n/setup';

/** The console's chrome catalogs: `locales/<language>/<namespace>.json`, bundled. */
const consoleCatalogs = catalogsFromFiles(import.meta.glob('./locales/*/*.json', { eager: true }));

const CHOSEN = 'tessera-console-language';

/** The language picked in the console's menu (kept in this browser), else the browser's own. */
export function startConsoleI18n() {
  const chosen = matchShipped(localStorage.getItem(CHOSEN) ?? '');
  return startI18n(consoleCatalogs, chosen ?? pickLanguage(undefined, navigator.languages, undefined));
}

export async function chooseConsoleLanguage(language: ShippedLanguage) {
  localStorage.setItem(CHOSEN, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
