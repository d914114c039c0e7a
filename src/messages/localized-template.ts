import type { OutgoingMessage } from '../connectors/message-connector.js';
import { renderTemplate, usageTypeOf } from '../connectors/templates.js';
import type { Db } from '../storage/database.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { firstEmailTemplate } from './email-templates.repository.js';

/** `ui_locales` (space-separated) as a list of language tags, best first. */
export function uiLocales(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean).slice(0, 10) : [];
}

/** An `Accept-Language` header as a list of language tags, best first (`*` and q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Each tag, then its language alone (`de-CH`, `de`), then the fallback; no repeats. */
export function languageCandidates(preferred: readonly string[], fallback: string | undefined): string[] {
  const tags = preferred.flatMap((tag) => {
    const base = tag.split('-')[0]!;
    return base === tag ? [tag] : [tag, base];
  });
  return [...new Set([...tags, ...(fallback ? [fallback] : [])])];
}

/** The recipient's languages, best first, ending with the sign-in experience's fallback language. */
export async function messageLanguages(db: Db, preferred: readonly string[]): Promise<string[]> {
  const { languageInfo } = await loadSignInExperience(db);
  return languageCandidates(preferred, languageInfo.fallbackLanguage);
}

/**
 * The message rendered from the e-mail template of its usage in the first of `languages` that
 * has one, or unchanged: the connector's own template applies.
 */
export async function localizeEmail(
  db: Db,
  message: OutgoingMessage,
  languages: readonly string[],
): Promise<OutgoingMessage> {
  if (message.channel !== 'email') return message;
  const details = await firstEmailTemplate(db, languages, usageTypeOf(message.purpose));
  if (!details) return message;
  const { contentType, ...rendered } = renderTemplate(message, details);
  return {
    ...rendered,
    emailTemplate: {
      contentType,
      ...(details.replyTo ? { replyTo: details.replyTo } : {}),
      ...(details.sendFrom ? { sendFrom: details.sendFrom } : {}),
    },
  };
}
