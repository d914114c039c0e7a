import { pickLanguage } from '@shared/i18n/languages';
import { startI18n } from '@shared/i18n/setup';
import { meta } from './meta';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';
import ptBR from './locales/pt-BR.json';
import zhCN from './locales/zh-CN.json';

export const hostedCatalogs = { en, de, fr, es, ja, 'zh-CN': zhCN, 'pt-BR': ptBR };

/** The hosted pages' language: the request's ui_locales (put in the page by the server), then the browser's. */
export function startHostedI18n() {
  const resources = Object.fromEntries(
    Object.entries(hostedCatalogs).map(([language, catalog]) => [language, { translation: catalog }]),
  );
  const language = pickLanguage(meta('ui-locales'), navigator.languages, undefined);
  return startI18n(resources, language);
}
