import { catalogsFromFiles } from '@shared/i18n/catalogs';
import { pickLanguage } from '@shared/i18n/languages';
import { startI18n } from '@shared/i18n/setup';
import { meta } from './meta';

/** Every hosted catalog: `locales/<language>/<namespace>.json`, bundled (nothing fetched). */
export const hostedCatalogs = catalogsFromFiles(import.meta.glob('./locales/*/*.json', { eager: true }));

/** The hosted pages' language: the request's ui_locales (put in the page by the server), then the browser's. */
export function startHostedI18n() {
  const language = pickLanguage(meta('ui-locales'), navigator.languages, undefined);
  return startI18n(hostedCatalogs, language);
}
