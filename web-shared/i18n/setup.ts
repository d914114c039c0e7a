import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { shippedLanguages, type ShippedLanguage } from './languages';

/**
 * One i18next instance per page bundle, with every shipped catalog bundled in (no fetch: the pages'
 * CSP allows only same-origin scripts, and a missing catalog must fail the build, not the page).
 */
export async function startI18n(resources: Resource, language: ShippedLanguage) {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: false,
    supportedLngs: [...shippedLanguages],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    // A word without a translation shows its key; saying so in the console lets tests catch it.
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) =>
      console.error(`i18n: no "${namespace}:${key}" in ${languages.join(', ')}`),
  });
  document.documentElement.lang = language;
  return i18next;
}
