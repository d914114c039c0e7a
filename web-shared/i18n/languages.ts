/** The languages every page ships complete; the first is the last resort. */
export const shippedLanguages = ['en', 'de', 'fr', 'es', 'ja', 'zh-CN', 'pt-BR'] as const;
export type ShippedLanguage = (typeof shippedLanguages)[number];

export interface LanguageInfo {
  autoDetect: boolean;
  fallbackLanguage: string;
}

const base = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The shipped language for one BCP 47 tag: exact (case-insensitive) first, then the same base language. */
export function matchShipped(tag: string): ShippedLanguage | undefined {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return undefined;
  const exact = shippedLanguages.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  return shippedLanguages.find((language) => base(language) === base(wanted));
}

/**
 * Logto's order: the request's `ui_locales` (space-separated), then the browser's languages when
 * the sign-in experience detects them, then its fallback language, then English.
 */
export function pickLanguage(
  uiLocales: string | undefined,
  browserLanguages: readonly string[],
  info: LanguageInfo | undefined,
): ShippedLanguage {
  const candidates = [
    ...(uiLocales?.split(/\s+/) ?? []),
    ...(info?.autoDetect === false ? [] : browserLanguages),
    info?.fallbackLanguage ?? '',
  ];
  for (const candidate of candidates) {
    const match = matchShipped(candidate);
    if (match) return match;
  }
  return 'en';
}

/** Each shipped language in its own words, for a language menu. */
export const languageNames: Record<ShippedLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  'zh-CN': '简体中文',
  'pt-BR': 'Português (Brasil)',
};
