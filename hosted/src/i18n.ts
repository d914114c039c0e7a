import type { QueryClient } from '@tanstack/react-query';
import { catalogsFromFiles } from '@shared/i18n/catalogs';
import { matchShipped, pickLanguage } from '@shared/i18n/languages';
import { startI18n } from '@shared/i18n/setup';
import { meta } from './meta';
import { settingsQuery } from './settings';

/** Every hosted catalog: `locales/<language>/<namespace>.json`, bundled (nothing fetched). */
export const hostedCatalogs = catalogsFromFiles(import.meta.glob('./locales/*/*.json', { eager: true }));

/**
 * The hosted pages' language, in Logto's order: the request's ui_locales (put in the page by the
 * server), then the browser's languages unless the sign-in experience turned detection off, then
 * its fallback language. The settings are read first only when ui_locales does not decide; the
 * pages need them anyway, and the query cache keeps the answer for them.
 */
export async function startHostedI18n(queryClient: QueryClient) {
  const uiLocales = meta('ui-locales');
  const decided = uiLocales?.split(/\s+/).some((tag) => matchShipped(tag) !== undefined) ?? false;
  const settings = decided ? undefined : await queryClient.fetchQuery(settingsQuery).catch(() => undefined);
  return startI18n(hostedCatalogs, pickLanguage(uiLocales, navigator.languages, settings?.languageInfo));
}
